import type { CaptionView } from '@civitas/contract';
import { type Carrier, itemsOf, removeItems } from './carriers';

export interface PostCarrier {
  id: string;
  caption: CaptionView;
  mentionRequest: string[];
  hashtags: string[];
}

/** A deleted post leaves the cached my-profile lists at once (docs/product.md §4). */
export function removePost(carrier: Carrier<PostCarrier>, postId: string): void {
  removeItems(carrier, (post) => post.id === postId);
}

/**
 * The edited caption shows at once. Mentions still asked for keep their names; new ones and the hashtags are
 * only known from the server's answer (`setCaptionResult`).
 */
export function setCaption(
  carrier: Carrier<PostCarrier>,
  postId: string,
  caption: string,
  mentionRequest: string[],
): void {
  for (const post of itemsOf(carrier)) {
    if (post.id !== postId) continue;
    post.caption = {
      content: caption,
      mentions: post.caption.mentions.filter((mention) => mentionRequest.includes(mention.id)),
    };
    post.mentionRequest = [...mentionRequest];
  }
}

/** The server's resolved caption (mentions, hashtags) replaces the guess. */
export function setCaptionResult(
  carrier: Carrier<PostCarrier>,
  postId: string,
  result: { caption: CaptionView; mentionRequest: string[]; hashtags: string[] },
): void {
  for (const post of itemsOf(carrier)) {
    if (post.id !== postId) continue;
    post.caption = structuredClone(result.caption);
    post.mentionRequest = [...result.mentionRequest];
    post.hashtags = [...result.hashtags];
  }
}
