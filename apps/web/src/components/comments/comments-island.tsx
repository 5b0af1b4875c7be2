'use client';

import { useTranslations } from 'next-intl';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePrefetchOpen } from '@/client/prefetch-gate';
import { ErrorMessage } from '../error-message';
import { useNearViewport } from '../feed/use-near-viewport';
import type { CommentsProps } from './comments';
import styles from './comments-section.module.css';

/** `/p/<id>#comments` leads straight to a post's comments (a card's comment button, "Sign in to comment"). */
const COMMENTS_ANCHOR = 'comments';

/** The section's heading before the comments' count is known. */
function PlainHeading() {
  const t = useTranslations('Comments');
  return (
    <h2 id="comments-heading" className={styles.heading}>
      {t('heading')}
    </h2>
  );
}

/** The heading and a word while the comments come: what the section is before its code and its list arrive. */
function CommentsWaiting() {
  const t = useTranslations('Comments');
  return (
    <>
      <PlainHeading />
      <p role="status" className={styles.status}>
        {t('loading')}
      </p>
    </>
  );
}

/**
 * A post's comments under it (ADR 084), for guests and citizens alike. Comments are read in the browser: the
 * server's render has no reader for them on a guest's page (the machine's sharing reads do not include them, and
 * a guest's page is rendered once for many guests, ADR 042), so every page shows them the one way. This island
 * is only the section, with `id="comments"` for the jump; the list, the composer and the store come in their own
 * chunk (ADR 018) when the section nears the screen once the page has loaded (the prefetch gate: the person's
 * first scroll, touch or key, or a quiet moment after the load), or at once when the address asks for them.
 */
export function CommentsIsland(props: CommentsProps) {
  const section = useRef<HTMLElement>(null);
  const pageQuiet = usePrefetchOpen();
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const want = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (window.location.hash === `#${COMMENTS_ANCHOR}`) setWanted(true);
  }, []);
  useNearViewport(section, pageQuiet && !wanted, want);
  // A chunk that could not be downloaded (the network dropped) is said so, and asked for again on "Try again":
  // each attempt makes a new lazy component, which imports again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is what makes a new one
  const Panel = useMemo(
    () =>
      lazy(
        (): Promise<{ default: ComponentType<CommentsProps> }> =>
          import('./comments-panel').catch(() => ({
            default: () => (
              <>
                <PlainHeading />
                <ErrorMessage error={{ status: 'FETCH_ERROR' }} onRetry={() => setAttempt((tries) => tries + 1)} />
              </>
            ),
          })),
      ),
    [attempt],
  );
  return (
    <section id={COMMENTS_ANCHOR} ref={section} aria-labelledby="comments-heading" className={styles.section}>
      {wanted ? (
        <Suspense fallback={<CommentsWaiting />}>
          <Panel {...props} />
        </Suspense>
      ) : (
        <CommentsWaiting />
      )}
    </section>
  );
}
