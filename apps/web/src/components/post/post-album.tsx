import type { PostView } from '@civitas/contract';
import { Carousel } from '../carousel/carousel';
import { PostMedia } from './post-media';

/**
 * A post's media: its picture or video, or, for an album (ADR 086), every item in a carousel. The slides are
 * rendered here (on the server under a server-rendered card) and handed to the carousel island; every item but
 * the first loads lazily, as it nears the view.
 */
export function PostAlbum({
  post,
  priority,
}: {
  post: Pick<PostView, 'media' | 'mediaType' | 'moreMedia' | 'sharingOptions' | 'author'>;
  /** The first post on a page: its first item is loaded at once. */
  priority: boolean;
}) {
  const first = (
    <PostMedia
      media={post.media}
      mediaType={post.mediaType}
      authorName={post.author.displayName}
      priority={priority}
      sharing={post.sharingOptions}
    />
  );
  if (post.moreMedia.length === 0) return first;
  return (
    <Carousel authorName={post.author.displayName}>
      {first}
      {post.moreMedia.map((item, index) => (
        <PostMedia
          // An album's items never move once published: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          media={item.media}
          mediaType={item.mediaType}
          authorName={post.author.displayName}
          sharing={post.sharingOptions}
        />
      ))}
    </Carousel>
  );
}
