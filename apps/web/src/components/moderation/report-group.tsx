'use client';

import type { ModerationAction, ReportGroupView } from '@civitas/contract';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import buttons from '../buttons.module.css';
import { Link } from '../link';
import { Avatar } from '../people/avatar';
import { actionKey, actionsFor, destructive } from './actions';
import { DecisionDialog } from './decision-dialog';
import styles from './moderation.module.css';

const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** How the subject stands now: hidden (a post or a comment) or suspended, deleted, or nothing to say. */
function Standing({ group }: { group: ReportGroupView }) {
  const t = useTranslations('Moderation.group');
  const { preview, subject } = group;
  if (preview.gone) return <p className={styles.standing}>{t('gone')}</p>;
  if (!preview.actedOn) return null;
  return <p className={styles.standing}>{subject.kind === 'citizen' ? t('suspended') : t('hidden')}</p>;
}

/**
 * Where "Open the post" leads: a post's page, or for a comment the post it is under, at its comments (ADR 084);
 * none once the subject is gone.
 */
function postHref({ preview, subject }: ReportGroupView): string | null {
  if (preview.gone) return null;
  if (subject.kind === 'post') return `/p/${subject.id}`;
  return preview.postId ? `/p/${preview.postId}#comments` : null;
}

/**
 * The reported subject in context: a post's picture, caption and author; a comment's text and author beside its
 * post's picture; or a citizen's picture and name. A subject deleted outright is named by its kind alone.
 */
function Subject({ group, headingId }: { group: ReportGroupView; headingId: string }) {
  const t = useTranslations('Moderation.group');
  const { preview, subject } = group;
  const name = preview.displayName ?? preview.username ?? '';
  const profile = preview.username ? `/u/${preview.username}` : null;
  if (subject.kind === 'citizen') {
    return (
      <div className={styles.subject}>
        <Avatar uri={preview.pictureUri} alt="" size={64} />
        <div className={styles.subjectText}>
          <h3 id={headingId} className={styles.subjectName}>
            {name} <span className={styles.username}>@{preview.username}</span>
          </h3>
          <p className={styles.kind}>{t('citizen')}</p>
          {profile ? <Link href={profile}>{t('openProfile')}</Link> : null}
        </div>
      </div>
    );
  }
  const comment = subject.kind === 'comment';
  const post = postHref(group);
  let heading: string;
  if (comment) heading = name ? t('commentBy', { name }) : t('comment');
  else heading = name ? t('postBy', { name }) : t('post');
  // A post may have no caption; a comment always has text, unless it is gone.
  const text = comment ? preview.caption : preview.caption || t('noCaption');
  return (
    <div className={styles.subject}>
      {preview.pictureUri ? (
        // biome-ignore lint/performance/noImgElement: the post's own stored picture, shown small
        <img className={styles.thumbnail} src={preview.pictureUri} alt="" width={96} height={96} loading="lazy" />
      ) : null}
      <div className={styles.subjectText}>
        <h3 id={headingId} className={styles.subjectName}>
          {heading}{' '}
          {profile ? (
            <Link className={styles.username} href={profile}>
              @{preview.username}
            </Link>
          ) : null}
        </h3>
        {text ? (
          <p className={styles.caption} dir="auto">
            {text}
          </p>
        ) : null}
        {post ? <Link href={post}>{t('openPost')}</Link> : null}
      </div>
    </div>
  );
}

/**
 * One reported subject of the queue: the subject in context, how many reports and why (each reporter's reason
 * and note), how it stands, and the decisions that would change something, each asked for in a dialog that says
 * what it will do and takes a note for the log.
 */
export function ReportGroup({ group }: { group: ReportGroupView }) {
  const t = useTranslations('Moderation');
  const format = useFormatter();
  const [asked, setAsked] = useState<ModerationAction | null>(null);
  const headingId = `report-${group.state}-${group.subject.id}`;
  const name = group.preview.displayName ?? group.preview.username ?? '';
  // A decision acts on the subject through one of its reports: the newest.
  const reportId = group.reports[0]?.id;
  return (
    <article className={styles.group} aria-labelledby={headingId}>
      <p className={styles.badges}>
        <span className={group.state === 'open' ? styles.open : styles.decided}>{t(`group.${group.state}`)}</span>
        <span>{t('group.reports', { count: group.reportsCount })}</span>
      </p>
      <Subject group={group} headingId={headingId} />
      <Standing group={group} />
      <h4 className={styles.reportsHeading}>{t('group.reportsHeading')}</h4>
      <ul className={styles.reports}>
        {group.reports.map((report) => (
          <li key={report.id}>
            <strong>{t(`reasons.${report.reason}`)}</strong>
            <span className={styles.when}>
              {t('group.reportedAt', { time: format.dateTime(new Date(report.createdAt), WHEN) })}
            </span>
            <p className={styles.note}>{report.note || t('group.noNote')}</p>
          </li>
        ))}
      </ul>
      {reportId ? (
        <div className={styles.actions}>
          {actionsFor(group).map((action) => (
            <button
              key={action}
              type="button"
              className={destructive(action) ? buttons.danger : buttons.secondary}
              onClick={() => setAsked(action)}
            >
              {action === 'suspend' && group.subject.kind !== 'citizen'
                ? t('actions.suspendAuthor')
                : t(`actions.${actionKey[action]}`)}
            </button>
          ))}
        </div>
      ) : null}
      {asked && reportId ? (
        <DecisionDialog action={asked} reportId={reportId} name={name} onClose={() => setAsked(null)} />
      ) : null}
    </article>
  );
}
