'use client';

import type { PostView } from '@civitas/contract';
import { useGetPostQuery } from '@/client';
import { AppOnlyButton } from '../app-only-prompt';
import { PostCard } from '../post/post-card';
import { AuthorActions } from './author-actions';
import styles from './post-detail.module.css';

interface PostDetailProps {
  /** The post as server rendering read it: shown at once. */
  initialPost: PostView;
  /** The signed-in author's username. */
  viewerUsername: string;
  /** When the server rendered the page: the post's age is measured against it, here as there (ADR 067). */
  renderedAt: number;
}

/**
 * The author's own post on its page. The post lives in the client cache (so caption edits show at once and are
 * taken back on failure), with the server-rendered post standing in until it arrives. Everyone else's post
 * page is server-rendered with islands (app/[locale]/p/[id]/page.tsx, ADR 023).
 */
export function PostDetail({ initialPost, viewerUsername, renderedAt }: PostDetailProps) {
  const cached = useGetPostQuery({ params: { id: initialPost.id } });
  const post = cached.data ?? initialPost;
  const isAuthor = post.author.username.toLowerCase() === viewerUsername.toLowerCase();
  return (
    <PostCard
      post={post}
      signedIn={true}
      priority
      headingLevel="h1"
      onItsPage
      now={renderedAt}
      actions={
        <>
          <AppOnlyButton feature="give" className={styles.button} />
          {isAuthor ? <AuthorActions post={post} /> : null}
        </>
      }
    />
  );
}
