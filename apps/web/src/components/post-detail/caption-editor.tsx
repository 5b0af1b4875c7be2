'use client';

import type { PostView } from '@civitas/contract';
import { inputLimits } from '@civitas/contract/routes-table';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { useUpdateCaptionMutation } from '@/client';
import { notifyError, notifySuccess } from '../toast';
import { keptMentionIds } from './kept-mentions';
import styles from './post-detail.module.css';

/**
 * Edits the caption in place. The new text shows at once (the mutation patches every cached copy); on
 * failure it goes back and the form stays open with the person's text, so nothing typed is lost.
 */
export function CaptionEditor({ post, onDone }: { post: PostView; onDone: () => void }) {
  const t = useTranslations('PostDetail');
  const [text, setText] = useState(post.caption.content);
  const [updateCaption, { isLoading }] = useUpdateCaptionMutation();
  const fieldId = useId();
  const hintId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await updateCaption({
      params: { id: post.id },
      body: { caption: text, mentionRequest: keptMentionIds(post.caption.mentions, text) },
    });
    if (outcome.error) {
      notifyError(t('captionFailed'));
      return;
    }
    notifySuccess(t('captionUpdated'));
    onDone();
  };
  return (
    <form method="post" className={styles.editor} onSubmit={save} aria-busy={isLoading}>
      <label htmlFor={fieldId} className={styles.label}>
        {t('captionLabel')}
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={inputLimits.captionMaxLength}
        rows={5}
        aria-describedby={hintId}
        // The form opens because the person asked to edit: the field is where they want to be.
        // biome-ignore lint/a11y/noAutofocus: focus follows the person's own action
        autoFocus
      />
      <p id={hintId} className={styles.hint}>
        {t('captionRemaining', { count: inputLimits.captionMaxLength - text.length })}
      </p>
      <div className={styles.row}>
        <button type="submit" className={styles.primaryButton} disabled={isLoading}>
          {isLoading ? t('saving') : t('save')}
        </button>
        <button type="button" className={styles.button} onClick={onDone} disabled={isLoading}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
