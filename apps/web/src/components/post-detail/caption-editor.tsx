'use client';

import type { PostView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useUpdateCaptionMutation } from '@/client';
import { errorBodyOf } from '@/client/api/errors';
import { captionProblem, captionRemaining } from '../composer/composer-rules';
import { notifyError, notifySuccess } from '../toast';
import { keptMentionIds } from './kept-mentions';
import styles from './post-detail.module.css';

/**
 * Edits the caption in place. The new text shows at once (the mutation patches every cached copy); on
 * failure it goes back and the form stays open with the person's text, so nothing typed is lost.
 */
export function CaptionEditor({ post, onDone }: { post: PostView; onDone: () => void }) {
  const t = useTranslations('PostDetail');
  const errors = useTranslations('Errors');
  const [text, setText] = useState(post.caption.content);
  const [updateCaption, { isLoading }] = useUpdateCaptionMutation();
  const fieldId = useId();
  const hintId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Counted as the server counts (characters as a person sees them, not UTF-16 units), so a caption in Hindi or
  // with emoji may be as long as the composer let it be; over the limit, the hint says so and nothing is sent.
  const problem = captionProblem(text);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      field.current?.focus();
      return;
    }
    const outcome = await updateCaption({
      params: { id: post.id },
      body: { caption: text, mentionRequest: keptMentionIds(post.caption.mentions, text) },
    });
    if (outcome.error) {
      // A mention across a block (ADR 069) says so; anything else is the caption's own failure message.
      const blocked = 'data' in outcome.error && errorBodyOf(outcome.error.data)?.code === 'BLOCKED';
      notifyError(blocked ? errors('blockedMention') : t('captionFailed'));
      return;
    }
    notifySuccess(t('captionUpdated'));
    onDone();
  };
  return (
    // Escape is the keyboard's "Cancel", as in the sheets.
    <form
      method="post"
      className={styles.editor}
      onSubmit={save}
      aria-busy={isLoading}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isLoading) onDone();
      }}
    >
      <label htmlFor={fieldId} className={styles.label}>
        {t('captionLabel')}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={5}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hintId}
        // The form opens because the person asked to edit: the field is where they want to be.
        // biome-ignore lint/a11y/noAutofocus: focus follows the person's own action
        autoFocus
      />
      <p id={hintId} className={problem ? styles.problem : styles.hint}>
        {problem
          ? t('captionTooLong', { max: problem.values?.max ?? 0 })
          : t('captionRemaining', { count: captionRemaining(text) })}
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
