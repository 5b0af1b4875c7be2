import type { PostView } from '@civitas/contract';

/** Link previews show about two lines; a longer caption is cut at a word and marked with an ellipsis. */
export const PREVIEW_DESCRIPTION_MAX = 200;

/** The caption as one line of preview text: whitespace collapsed, cut at a word boundary when too long. */
export function previewDescription(caption: string, max = PREVIEW_DESCRIPTION_MAX): string {
  const flat = caption.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The picture a preview shows: the image, or a video's cover; absolute, as crawlers need. */
export function previewImage(post: PostView, base: string): { url: string; alt?: string } | null {
  const uri = post.mediaType === 'video' ? post.media.coverImageUri : post.media.imageUri;
  if (!uri) return null;
  try {
    const url = new URL(uri, base).href;
    return post.media.altText ? { url, alt: post.media.altText } : { url };
  } catch {
    return null;
  }
}
