import type { PostView } from '@civitas/contract';
import { Heart, Lock, Share2 } from 'lucide';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { Link } from '@/components/link';
import { Avatar } from '../people/avatar';
import { CaptionText } from './caption-text';
import { CommentsLink } from './comments-link';
import { GuestLikes } from './guest-likes';
import { LikeButton } from './like-button';
import styles from './post.module.css';
import { PostAlbum } from './post-album';
import islands from './post-islands.module.css';
import { PostTime } from './post-time';
import { ShareButton } from './share-button';

interface PostCardProps {
  post: PostView;
  signedIn: boolean;
  /** The first post of a page loads its media at once. */
  priority?: boolean;
  /** The heading level of the author's name: h2 in a feed, h1 on the post's own page. */
  headingLevel?: 'h1' | 'h2';
  /** Extra actions under the post (follow, edit, delete on the post's page). */
  actions?: ReactNode;
  /**
   * The post's own page: its comments, under it, show their count as it changes, so the card's comment button
   * shows none (a count written when the page was made would disagree with them as soon as someone comments).
   */
  onItsPage?: boolean;
  /**
   * The instant the post's age is measured against: a hydrated card is given its page's render time, so the
   * browser's first render says what the server's did (ADR 067); else the time of this render.
   */
  now?: number;
}

const hostOf = (link: string): string => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

/**
 * One post: author, media, caption with linked mentions and hashtags, external link, likes. A server component
 * where a page renders it (ADR 018), with the like button and the media player as its islands; a client
 * component inside client lists (later pages, a citizen's post page).
 */
export function PostCard({
  post,
  signedIn,
  priority = false,
  headingLevel = 'h2',
  actions,
  onItsPage = false,
  now,
}: PostCardProps) {
  const t = useTranslations('Post');
  const Heading = headingLevel;
  const postHref = `/p/${post.id}`;
  return (
    <article className={styles.card} aria-labelledby={`post-${post.id}-author`}>
      <header className={styles.header}>
        <Avatar uri={post.author.profilePictureUri} alt="" size={40} />
        <div className={styles.byline}>
          <Heading id={`post-${post.id}-author`} className={styles.author}>
            <Link href={`/u/${encodeURIComponent(post.author.username)}`} dir="auto">
              {post.author.displayName}
            </Link>
          </Heading>
          <span className={styles.meta}>
            <span dir="auto">@{post.author.username}</span>
            <span aria-hidden="true">·</span>
            <Link href={postHref} className={styles.timeLink}>
              <PostTime createdAt={post.createdAt} now={now ?? Date.now()} />
              <span className="visually-hidden"> {t('openPost')}</span>
            </Link>
            {post.sharingOptions === 'private' ? (
              <>
                <span aria-hidden="true">·</span>
                <span className={styles.private}>
                  <Icon node={Lock} className={styles.smallIcon} />
                  {t('friendsOnly')}
                </span>
              </>
            ) : null}
          </span>
        </div>
      </header>
      <PostAlbum post={post} priority={priority} />
      {/* The actions on the post, icons first; save joins this row when it exists (no button that does nothing
          until then). The comments are on the post's page, under it (ADR 084): their button is a link there. */}
      <div className={styles.actionRow}>
        {signedIn ? (
          <LikeButton postId={post.id} likes={post.likesOverviewDetails}>
            <Icon node={Heart} className={islands.icon} />
          </LikeButton>
        ) : (
          <GuestLikes postId={post.id} likes={post.likesOverviewDetails} />
        )}
        <CommentsLink
          postId={post.id}
          authorName={post.author.displayName}
          count={onItsPage ? null : post.commentsCount}
        />
        <ShareButton postId={post.id}>
          <Icon node={Share2} className={islands.icon} />
        </ShareButton>
      </div>
      <div className={styles.body}>
        {post.caption.content ? <CaptionText caption={post.caption} hashtags={post.hashtags} /> : null}
        {post.externalLink ? (
          <p className={styles.externalLink}>
            <a href={post.externalLink} rel="noopener noreferrer nofollow ugc" target="_blank">
              {hostOf(post.externalLink)}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </p>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </article>
  );
}
