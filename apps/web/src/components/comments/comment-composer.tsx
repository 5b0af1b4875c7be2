'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { COUNTER_FROM } from './comment-rules';
import styles from './composer.module.css';
import type { CommentDraft } from './use-comment-draft';

/**
 * Writing a comment or a reply: a labelled field, who the reply answers (with a way out), a counter once the
 * limit is near, and "Post", which waits while the field is empty or a comment is on its way. Ctrl+Enter (⌘+Enter)
 * posts, as in other composers; Enter alone is a new line, and Escape leaves a reply.
 */
export function CommentComposer({ draft }: { draft: CommentDraft }) {
  const t = useTranslations('Comments');
  const fieldId = useId();
  const replyingId = useId();
  const counterId = useId();
  const { replyTo, remaining } = draft;
  const over = remaining < 0;
  const counted = remaining <= COUNTER_FROM;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void draft.send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void draft.send();
    } else if (event.key === 'Escape' && replyTo) {
      draft.cancelReply();
    }
  };
  const describedBy = [replyTo ? replyingId : null, counted ? counterId : null].filter(Boolean).join(' ');
  return (
    <form method="post" className={styles.form} onSubmit={submit}>
      <label htmlFor={fieldId} className={styles.label}>
        {t(replyTo ? 'replyLabel' : 'composerLabel')}
      </label>
      {replyTo ? (
        <p id={replyingId} className={styles.replying}>
          <span>{t.rich('replyingTo', { username: replyTo.username, b: (chunks) => <b>{chunks}</b> })}</span>
          <span aria-hidden="true">·</span>
          <button type="button" className="link-button" onClick={draft.cancelReply}>
            {t('cancelReply')}
          </button>
        </p>
      ) : null}
      <textarea
        ref={draft.field}
        id={fieldId}
        className={styles.textarea}
        value={draft.text}
        onChange={(event) => draft.setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        aria-invalid={over ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-keyshortcuts="Control+Enter Meta+Enter"
      />
      <div className={styles.bar}>
        {counted ? (
          <p id={counterId} className={styles.counter} data-over={over}>
            {over ? t('tooLong', { count: -remaining }) : t('remaining', { count: remaining })}
          </p>
        ) : null}
        <button type="submit" className={styles.post} disabled={!draft.canSend} aria-busy={draft.sending}>
          {t(draft.sending ? 'posting' : 'post')}
        </button>
      </div>
    </form>
  );
}
