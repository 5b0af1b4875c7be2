import { useTranslations } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import type { Locale } from '@/i18n/locales';

/** The home page: what Civitas is, and where developers find the API. */
export default function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  setRequestLocale(use(params).locale);
  const t = useTranslations('Home');
  return (
    <article>
      <h1>{t('heading')}</h1>
      <p>{t('intro')}</p>
      <p>{t('guests')}</p>
      <h2>{t('developersHeading')}</h2>
      <p>
        {t('developers')} <a href="/api/docs">{t('apiDocsLink')}</a>
      </p>
    </article>
  );
}
