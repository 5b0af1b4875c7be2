'use client';

import type { getBlocked } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type ResultOf, useUnblockMutation, useUnmuteMutation } from '@/client';
import { useErrorText } from '../error-message';
import { InfiniteList, type InfiniteResult } from '../feed/infinite-list';
import { Link } from '../link';
import { Avatar } from '../people/avatar';
import styles from '../people/people.module.css';
import { notifyError, notifySuccess } from '../toast';

type Row = ResultOf<typeof getBlocked>['data'][number];

/** A date as the reader's language writes it ("6 Dec 2026"). */
export const dateText = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * Whom I blocked or muted, newest first, with "Show more" (ADR 069's continuation pages) and a way back on each
 * row. A blocked citizen's name is no link: their profile is "no such citizen" to me while the block stands.
 * Once undone, the row leaves as the list is read again, and the focus goes to the section's heading.
 */
export function SafetyList({
  kind,
  result,
  headingId,
}: {
  kind: 'blocked' | 'muted';
  result: InfiniteResult<Row>;
  headingId: string;
}) {
  const t = useTranslations('Safety');
  const locale = useLocale();
  const errorText = useErrorText();
  const [unblock] = useUnblockMutation();
  const [unmute] = useUnmuteMutation();

  const undo = async ({ citizen }: Row) => {
    const request = { params: { citizenId: citizen.id } };
    const outcome = kind === 'blocked' ? await unblock(request) : await unmute(request);
    if (outcome.error) {
      notifyError(errorText(outcome.error));
      return;
    }
    document.getElementById(headingId)?.focus();
    const { username } = citizen;
    // Unmuting here says what the menu's unmute says.
    notifySuccess(kind === 'blocked' ? t('page.unblocked', { username }) : t('mute.undone', { username }));
  };

  return (
    <InfiniteList
      as="ul"
      result={result}
      keyOf={(row) => row.citizen.id}
      label={t(kind === 'blocked' ? 'page.blockedHeading' : 'page.mutedHeading')}
      empty={<p>{t(kind === 'blocked' ? 'page.blockedEmpty' : 'page.mutedEmpty')}</p>}
      autoLoad={false}
      renderItem={(row) => (
        <div className={styles.row}>
          <Avatar uri={row.citizen.profilePictureUri} alt="" size={48} />
          <div className={styles.body}>
            <div className={styles.identity}>
              {kind === 'muted' ? (
                <Link className={styles.name} href={`/u/${encodeURIComponent(row.citizen.username)}`} dir="auto">
                  {row.citizen.displayName}
                </Link>
              ) : (
                <span className={styles.name} dir="auto">
                  {row.citizen.displayName}
                </span>
              )}
              <p className={styles.meta}>
                @{row.citizen.username} · {t('page.since', { date: dateText(row.since, locale) })}
              </p>
            </div>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.decline}
                aria-label={t(kind === 'blocked' ? 'page.unblockLabel' : 'page.unmuteLabel', {
                  username: row.citizen.username,
                })}
                onClick={() => undo(row)}
              >
                {t(kind === 'blocked' ? 'page.unblock' : 'page.unmute')}
              </button>
            </div>
          </div>
        </div>
      )}
    />
  );
}
