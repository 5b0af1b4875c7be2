import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AppOnlyButton } from '@/components/app-only-prompt';
import { FollowAuthorIsland, MoreMenu } from '@/components/citizen-islands';
import { CommentsSection } from '@/components/comments/comments-section';
import { HiddenPostNotice } from '@/components/moderation/hidden-post-notice';
import { PostCard } from '@/components/post/post-card';
import styles from '@/components/post-detail/post-detail.module.css';
import { BackButton } from '@/components/shell/back-button';
import { CitizenPostDetail } from '@/components/store-pages';
import { languageAlternates } from '@/i18n/alternates';
import type { Locale } from '@/i18n/locales';
import { publicOrigin } from '@/server/public-origin';
import { loadAuthorRelation, loadPost } from './load-post';
import { previewDescription, previewImage } from './share-preview';

interface PageProps {
  params: Promise<{ locale: Locale; id: string }>;
}

// Any post id: the locale layout only lists its own parameter.
export const dynamicParams = true;

/**
 * Share previews (Open Graph) for public posts. A private post gets no preview details and is kept out of
 * search engines, even when the visitor may see it: its link may travel further than its audience.
 */
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, id } = await params;
  const loaded = await loadPost(id);
  if (loaded.kind !== 'found') return { robots: { index: false, follow: false } };
  const t = await getTranslations({ locale, namespace: 'PostDetail' });
  const app = await getTranslations({ locale, namespace: 'App' });
  const { post } = loaded;
  const title = t('metaTitle', { name: post.author.displayName });
  if (post.sharingOptions === 'private') return { title, robots: { index: false, follow: false } };
  const base = await publicOrigin();
  const description =
    previewDescription(post.caption.content) || t('metaDescription', { name: post.author.displayName });
  const image = base ? previewImage(post, base) : null;
  const url = base ? `${base}/p/${post.id}` : undefined;
  return {
    title,
    description,
    ...(url ? { alternates: languageAlternates(url) } : {}),
    openGraph: {
      type: 'article',
      title,
      description,
      siteName: app('name'),
      ...(url ? { url } : {}),
      ...(image ? { images: [image] } : {}),
      publishedTime: post.createdAt,
      modifiedTime: post.updatedAt,
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description,
      ...(image ? { images: [image] } : {}),
    },
  };
}

/** A failure other than "not here" (the API down, a broken answer): said in words, with a way to try again. */
async function LoadFailed({ id }: { id: string }) {
  const t = await getTranslations('PostDetail');
  return (
    <div role="alert">
      <h1>{t('loadFailedHeading')}</h1>
      <p>{t('loadFailedBody')}</p>
      <p>
        <a href={`/p/${encodeURIComponent(id)}`}>{t('tryAgain')}</a> · <a href="/">{t('backHome')}</a>
      </p>
    </div>
  );
}

/**
 * One post on its own page, server-rendered with islands (ADR 018, 023): the like button, the follow button, the
 * media player and, for a citizen, the "…" menu (mute, block, report: ADR 071). Only the author's own post renders from the store (its caption editor and delete).
 * Its comments follow it (ADR 084), an island that reads them in the browser.
 */
export default async function PostPage({ params }: PageProps) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const loaded = await loadPost(id);
  if (loaded.kind === 'missing') notFound();
  if (loaded.kind === 'failed') return <LoadFailed id={id} />;
  const { post, viewer } = loaded;
  const signedIn = viewer.kind === 'citizen';
  if (signedIn && post.author.username.toLowerCase() === viewer.username.toLowerCase()) {
    return (
      <>
        <BackButton />
        {post.moderationDecision ? <HiddenPostNotice decision={post.moderationDecision} /> : null}
        <CitizenPostDetail initialPost={post} viewerUsername={viewer.username} renderedAt={Date.now()} />
        <CommentsSection postId={post.id} viewer={{ kind: 'citizen', username: viewer.username, isAuthor: true }} />
      </>
    );
  }
  const relation = signedIn ? await loadAuthorRelation(post.author.username) : null;
  return (
    <>
      <BackButton />
      <PostCard
        post={post}
        signedIn={signedIn}
        priority
        headingLevel="h1"
        onItsPage
        actions={
          <>
            {relation === null ? null : <FollowAuthorIsland author={post.author} following={relation.following} />}
            <AppOnlyButton feature="give" className={styles.button} />
            {relation === null ? null : (
              <MoreMenu
                subject={{ citizenId: post.author.id, username: post.author.username, postId: post.id }}
                muted={relation.muting}
              />
            )}
          </>
        }
      />
      <CommentsSection
        postId={post.id}
        viewer={signedIn ? { kind: 'citizen', username: viewer.username, isAuthor: false } : { kind: 'guest' }}
      />
    </>
  );
}
