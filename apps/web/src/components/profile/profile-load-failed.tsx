import { getTranslations } from 'next-intl/server';

/** A profile page that could not be read (the API down, a broken answer): said in words, with a way to retry. */
export async function ProfileLoadFailed({ path }: { path: string }) {
  const t = await getTranslations('Profile');
  return (
    <div role="alert">
      <h1>{t('loadFailedHeading')}</h1>
      <p>{t('loadFailedBody')}</p>
      <p>
        <a href={path}>{t('tryAgain')}</a> · <a href="/">{t('backHome')}</a>
      </p>
    </div>
  );
}
