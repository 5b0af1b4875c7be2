'use client';

import type { NotificationView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '../link';
import { Avatar } from '../people/avatar';
import { PostTime } from '../post/post-time';
import styles from './notifications.module.css';
import { RequestAnswer } from './request-answer';

/** Kinds whose line groups several people (ADR 077): their sentence names one or two, then counts the rest. */
const GROUPED = {
  like: { one: 'like.one', two: 'like.two', more: 'like.more' },
  follow: { one: 'follow.one', two: 'follow.two', more: 'follow.more' },
  comment: { one: 'comment.one', two: 'comment.two', more: 'comment.more' },
  reply: { one: 'reply.one', two: 'reply.two', more: 'reply.more' },
} as const;
/** The kinds of one person each: their sentence's key. */
const SINGLE = {
  friendRequest: 'friendRequest',
  friendAccepted: 'friendAccepted',
  mention: 'mention',
  commentMention: 'commentMention',
} as const;
/** Kinds about a post's comments: their picture opens the post at its comments (ADR 084). */
const ABOUT_COMMENTS = new Set<NotificationView['kind']>(['comment', 'reply', 'commentMention']);

/**
 * One line of my notifications: the newest actors' pictures, the sentence ("Alice and 3 others liked your post."),
 * when, and the post's picture linking to it, or a pending friend request's answers. An unread line is tinted.
 */
export function NotificationRow({ line, now }: { line: NotificationView; now: number }) {
  const t = useTranslations('Notifications');
  const [first, second] = line.actors;
  const bold = (chunks: ReactNode) => <b>{chunks}</b>;
  const names = { first: first?.displayName ?? t('someone'), second: second?.displayName ?? '' };
  const others = line.actorCount - 1;
  const grouped = line.kind in GROUPED ? GROUPED[line.kind as keyof typeof GROUPED] : null;
  const sentence = !grouped
    ? t.rich(SINGLE[line.kind as keyof typeof SINGLE], { ...names, b: bold })
    : others === 0
      ? t.rich(grouped.one, { ...names, b: bold })
      : others === 1 && second
        ? t.rich(grouped.two, { ...names, b: bold })
        : t.rich(grouped.more, { ...names, others, b: bold });
  const profile = first ? `/u/${encodeURIComponent(first.username)}` : null;
  return (
    <div className={styles.line} data-read={line.read} data-kind={line.kind}>
      <div className={styles.faces} aria-hidden="true">
        {line.actors.slice(0, 2).map((actor) => (
          <Avatar key={actor.id} uri={actor.profilePictureUri} alt="" size={line.actors.length > 1 ? 32 : 44} />
        ))}
      </div>
      <div className={styles.words}>
        <p className={styles.sentence}>
          {profile ? (
            <Link href={profile} className={styles.sentenceLink}>
              {sentence}
            </Link>
          ) : (
            sentence
          )}{' '}
          <span className={styles.when}>
            <PostTime createdAt={line.createdAt} now={now} />
          </span>
          {line.read ? null : <span className="visually-hidden">{t('unread')}</span>}
        </p>
        {line.friendRequestId && first ? (
          <RequestAnswer requestId={line.friendRequestId} name={first.displayName} />
        ) : null}
      </div>
      {line.post ? (
        <Link
          href={`/p/${encodeURIComponent(line.post.id)}${ABOUT_COMMENTS.has(line.kind) ? '#comments' : ''}`}
          className={styles.thumbnail}
        >
          {line.post.pictureUri ? (
            // biome-ignore lint/performance/noImgElement: the post's smallest rendition, from our own media route
            <img
              className={styles.thumbnailPicture}
              src={line.post.pictureUri}
              alt={t('postLabel')}
              width={44}
              height={44}
              loading="lazy"
            />
          ) : (
            <span className={styles.noPicture} style={{ background: line.post.placeholder ?? undefined }}>
              <span className="visually-hidden">{t('postLabel')}</span>
            </span>
          )}
        </Link>
      ) : null}
    </div>
  );
}
