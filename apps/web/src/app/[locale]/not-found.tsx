import { useTranslations } from 'next-intl';

/** Shown for any path that no page serves, in the language chosen for the request. */
export default function NotFound() {
  const t = useTranslations('NotFound');
  return (
    <article>
      <h1>{t('heading')}</h1>
      <p>{t('body')}</p>
      <p>
        <a href="/">{t('backHome')}</a>
      </p>
    </article>
  );
}
