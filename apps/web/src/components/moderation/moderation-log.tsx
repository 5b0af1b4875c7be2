'use client';

import type { ModerationLogEntryView } from '@civitas/contract';
import { useFormatter, useTranslations } from 'next-intl';
import { useGetModerationLogInfiniteQuery } from '@/client/api/moderation-queue-api';
import { Link } from '../link';
import { actionKey } from './actions';
import styles from './moderation.module.css';
import { PagedSection } from './paged-section';

const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * What a decision was about: the post (by its author) or the citizen, linked; a comment by its author, unlinked
 * (the log knows neither its post nor its place there); each named by kind once gone.
 */
function Subject({ entry }: { entry: ModerationLogEntryView }) {
  const t = useTranslations('Moderation.log');
  const { subject, subjectUsername: username } = entry;
  if (subject.kind === 'comment') return username ? t('commentBy', { username: `@${username}` }) : t('comment');
  if (subject.kind === 'post') {
    return (
      <Link className={styles.subjectLink} href={`/p/${subject.id}`}>
        {username ? t('postBy', { username: `@${username}` }) : t('post')}
      </Link>
    );
  }
  return username ? (
    <Link className={styles.subjectLink} href={`/u/${username}`}>
      {t('citizenNamed', { username: `@${username}` })}
    </Link>
  ) : (
    t('citizen')
  );
}

/** One decision: what was done, by whom and when, on what, and why. */
function LogEntry({ entry }: { entry: ModerationLogEntryView }) {
  const t = useTranslations('Moderation.log');
  const format = useFormatter();
  const by = entry.moderator ? t('by', { moderator: `@${entry.moderator}` }) : t('byAdmin');
  return (
    <article className={styles.entry}>
      <h3 className={styles.entryHeading}>{t(`action.${actionKey[entry.action]}`)}</h3>
      <p className={styles.when}>
        {by} · <time dateTime={entry.decidedAt}>{format.dateTime(new Date(entry.decidedAt), WHEN)}</time>
      </p>
      <p className={styles.kind}>
        <Subject entry={entry} />
      </p>
      <p className={styles.note}>{entry.note || t('noNote')}</p>
    </article>
  );
}

/** The moderation log (ADR 070): every decision, newest first, paged as the API pages. */
export function ModerationLog() {
  const t = useTranslations('Moderation');
  const log = useGetModerationLogInfiniteQuery({ query: { size: 20 } });
  return (
    <PagedSection
      id="moderation-log"
      heading={t('views.log')}
      intro={t('log.intro')}
      empty={t('log.empty')}
      result={log}
      keyOf={(entry) => entry.id}
      renderItem={(entry) => <LogEntry entry={entry} />}
    />
  );
}
