'use client';

import type { IncomingFriendRequestView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import type { z } from 'zod';
import { useApproveFriendRequestMutation, useDeclineFriendRequestMutation } from '@/client';
import { InfiniteList, type InfiniteResult } from '@/components/feed/infinite-list';
import styles from '@/components/people/people.module.css';
import { PersonRow } from '@/components/people/person-row';
import { notifyError } from '@/components/toast';

type Answer = 'accept' | 'decline';

/**
 * "Friend requests": the people waiting for my answer, each with Accept (the row's one filled button: the answer
 * they wait for) and Decline. An answered request leaves the list at once (and comes back, with a toast, if the
 * call fails). Shown only while there is one: an empty heading at the top of the page would only push the
 * suggestions down.
 */
export function FriendRequestsSection({
  requests,
}: {
  requests: InfiniteResult<z.infer<typeof IncomingFriendRequestView>>;
}) {
  const t = useTranslations('People.requests');
  const heading = useRef<HTMLHeadingElement>(null);
  const [approve] = useApproveFriendRequestMutation();
  const [decline] = useDeclineFriendRequestMutation();
  if (!requests.data?.pages.some((page) => page.data.length > 0)) return null;

  const answer = async (kind: Answer, requestId: string, name: string) => {
    const call = kind === 'accept' ? approve : decline;
    const pending = call({ params: { id: requestId } });
    // The row leaves with its buttons: the section's heading keeps the keyboard's place.
    heading.current?.focus();
    if ((await pending).error) notifyError(t(kind === 'accept' ? 'acceptFailed' : 'declineFailed', { name }));
  };

  return (
    <section className={styles.section} aria-labelledby="friend-requests-heading">
      <h2 id="friend-requests-heading" ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <InfiniteList
        as="ul"
        result={requests}
        keyOf={(request) => request.id}
        label={t('label')}
        empty={null}
        autoLoad={false}
        renderItem={(request) => (
          <PersonRow
            person={request.from}
            extra={t('reason')}
            lead={(['accept', 'decline'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className={kind === 'accept' ? styles.accept : styles.decline}
                aria-label={t(`${kind}Label`, { name: request.from.displayName })}
                onClick={() => answer(kind, request.id, request.from.displayName)}
              >
                {t(kind)}
              </button>
            ))}
          />
        )}
      />
    </section>
  );
}
