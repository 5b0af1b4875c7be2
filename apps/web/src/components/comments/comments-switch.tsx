'use client';

import { useTranslations } from 'next-intl';
import { useSetPostCommentsMutation } from '@/client';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './comments.module.css';

/**
 * The post's author turns comments off, or on again (ADR 084): the section changes at once (the composer gives
 * way to "Comments are turned off", for everyone once the server has it), and goes back with a toast if the call
 * fails. The comments written stay either way.
 */
export function CommentsSwitch({ postId, commentsOff }: { postId: string; commentsOff: boolean }) {
  const t = useTranslations('Comments');
  const errorText = useErrorText();
  const [setPostComments] = useSetPostCommentsMutation();
  const flip = async () => {
    const outcome = await setPostComments({ params: { id: postId }, body: { commentsOff: !commentsOff } });
    if (outcome.error) notifyError(errorText(outcome.error));
  };
  return (
    <button type="button" className={styles.switch} onClick={flip}>
      {t(commentsOff ? 'turnOn' : 'turnOff')}
    </button>
  );
}
