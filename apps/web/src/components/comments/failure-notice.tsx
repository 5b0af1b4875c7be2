'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useErrorText } from '../error-message';
import type { CommentFailure } from './comment-failure';
import styles from './comments.module.css';

/**
 * Why the last comment was not posted, said where the composer is. Refused text also gets the server's own
 * words, on an English page only (as the post composer's refusals do): the sentence above is the translation.
 */
export function FailureNotice({ failure }: { failure: CommentFailure }) {
  const t = useTranslations('Comments');
  const errors = useTranslations('Errors');
  const errorText = useErrorText();
  const locale = useLocale();
  const words =
    failure.key === 'other'
      ? errorText(failure.error)
      : failure.key === 'blockedMention'
        ? errors('blockedMention')
        : t(`failure.${failure.key}`);
  return (
    <div role="alert">
      <p className={styles.failure}>{words}</p>
      {failure.key === 'invalidText' && failure.detail && locale === 'en' ? (
        <p className={styles.failureDetail}>{failure.detail}</p>
      ) : null}
    </div>
  );
}
