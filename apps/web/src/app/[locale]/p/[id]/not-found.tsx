import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { requestPathHeader, signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

/**
 * A post that is not here, for whatever reason: deleted, never there, or shared with its author's friends only.
 * The words are the same in every case (a friends-only post's existence is not told), but a guest, who may have
 * been sent the link by a friend, is offered to sign in and come back to it.
 */
export default async function PostNotFound() {
  const t = await getTranslations('PostDetail');
  const guest = (await getServerSession()).kind !== 'citizen';
  const path = (await headers()).get(requestPathHeader);
  return (
    <article>
      <h1>{t('notFoundHeading')}</h1>
      <p>{t('notFoundBody')}</p>
      {guest ? (
        <p>
          <a href={signInHref(path)}>{t('notFoundSignIn')}</a>
        </p>
      ) : null}
      <p>
        <a href="/">{t('backHome')}</a>
      </p>
    </article>
  );
}
