'use client';

import type { PostView } from '@civitas/contract';
import { useGetPostQuery } from '@/client';
import { AppOnlyButton } from '../app-only-prompt';
import { PostCard } from '../post/post-card';
import { AuthorActions } from './author-actions';
import { FollowAuthorButton } from './follow-author-button';
import styles from './post-detail.module.css';

interface PostDetailProps {
  /** The post as server rendering read it: shown at once, and all a guest ever sees. */
  initialPost: PostView;
  /** The signed-in citizen's username; null for a guest. */
  viewerUsername: string | null;
}

/**
 * A post on its own page. For a citizen the post lives in the client cache (so likes and caption edits show
 * at once and are taken back on failure), with the server-rendered post standing in until it arrives.
 */
export function PostDetail({ initialPost, viewerUsername }: PostDetailProps) {
  const signedIn = viewerUsername !== null;
  const cached = useGetPostQuery({ params: { id: initialPost.id } }, { skip: !signedIn });
  const post = cached.data ?? initialPost;
  const isAuthor = signedIn && post.author.username.toLowerCase() === viewerUsername.toLowerCase();
  return (
    <PostCard
      post={post}
      signedIn={signedIn}
      priority
      headingLevel="h1"
      actions={
        <>
          {signedIn && !isAuthor ? <FollowAuthorButton author={post.author} /> : null}
          <AppOnlyButton feature="give" className={styles.button} />
          {isAuthor ? <AuthorActions post={post} /> : null}
        </>
      }
    />
  );
}
