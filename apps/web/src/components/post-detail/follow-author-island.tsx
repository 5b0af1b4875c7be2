'use client';

import type { CitizenSummary } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import styles from './post-detail.module.css';

/**
 * What this tab last chose about following a person, with the server's answer it was chosen over: a page the
 * router shows again from its cache (back) keeps the choice, while a fresh render that says otherwise wins.
 */
const chosen = new Map<string, { base: boolean; value: boolean }>();

/**
 * Follow or unfollow the post's author, an island over the server's answer (ADR 018, 023): the button changes
 * in the tap's task, then the store is loaded and the call sent through it (patching any cached copy of the
 * profile); when the call fails the button goes back and a toast says why.
 */
export function FollowAuthorIsland({ author, following: given }: { author: CitizenSummary; following: boolean }) {
  const t = useTranslations('PostDetail');
  const errorText = useErrorText();
  const [following, setFollowingState] = useState(() => {
    const memory = chosen.get(author.id);
    return memory && memory.base === given ? memory.value : given;
  });
  const show = (value: boolean) => {
    chosen.set(author.id, { base: given, value });
    setFollowingState(value);
  };
  const toggle = async () => {
    const next = !following;
    show(next);
    // Back to what it was, unless the person has tapped again since.
    const undo = () => {
      if (chosen.get(author.id)?.value === next) show(!next);
    };
    try {
      const outcome = await (await loadStore()).setFollowing(author.id, next);
      if (outcome.ok) return;
      undo();
      notifyError(errorText(outcome.error));
    } catch (error) {
      // The store's code could not be downloaded: nothing was sent.
      undo();
      notifyError(errorText({ status: 'FETCH_ERROR', error: String(error) }));
    }
  };
  return (
    <button
      type="button"
      className={following ? styles.button : styles.primaryButton}
      onClick={toggle}
      aria-label={t(following ? 'unfollowName' : 'followName', { name: author.displayName })}
    >
      {t(following ? 'unfollow' : 'follow')}
    </button>
  );
}
