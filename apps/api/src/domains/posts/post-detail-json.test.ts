import { PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { citizen, hydrationOf, ids, postRow } from '../../../test/support/post-views.js';
import { lru } from '../../cache/lru.js';
import type { Hydration, PostRow } from './hydrate.js';
import { contentOf } from './post-cache.js';
import { postDetailJson } from './post-detail-json.js';
import { postView } from './present.js';

// A post's text is written once per version of what it is made from, and is always what zod would write for
// this reader's view.

const zodJson = (post: PostRow, hydration: Hydration) => JSON.stringify(PostView.encode(postView(post, hydration)));

/** A reader's hydration of `post`, presented from `content` (the post cache's object for its version). */
function readBy(post: PostRow, content: ReturnType<typeof contentOf>, options: Parameters<typeof hydrationOf>[1] = {}) {
  const hydration = hydrationOf(post, options);
  hydration.contents.set(post.id, content);
  return hydration;
}

describe('postDetailJson', () => {
  it('writes what zod would, first and when remembered, with each reader’s likes', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const post = postRow();
    const content = contentOf(post);
    const first = readBy(post, content, { liked: true });
    expect(postDetailJson(checked, post, first)).toBe(zodJson(post, first));
    const counted = postRow({ likes_count: 8 });
    const second = readBy(counted, content);
    expect(postDetailJson(checked, counted, second)).toBe(zodJson(counted, second));
  });

  it('reuses the text while the content object is the same, and writes it again for a new one', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const post = postRow();
    const content = contentOf(post);
    postDetailJson(checked, post, readBy(post, content));
    // A row that differs in its content but comes with the same content object is read from the text kept:
    // content changes only come as a new object (the post cache replaces it on every write).
    const edited = postRow({ caption: 'Edited', updated_at: post.updated_at + 1 });
    expect(postDetailJson(checked, edited, readBy(edited, content))).toContain('Morning with');
    expect(postDetailJson(checked, edited, readBy(edited, contentOf(edited)))).toBe(
      zodJson(edited, readBy(edited, contentOf(edited))),
    );
  });

  it('writes the text again when the author, a mentioned citizen, the sharing or the status differ', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const post = postRow();
    const content = contentOf(post);
    postDetailJson(checked, post, readBy(post, content));
    const renamedAuthor = readBy(post, content, {
      citizens: [
        citizen(ids.author, 'alice', { display_name: 'Alice Renamed' }),
        citizen(ids.bob, 'bob'),
        citizen(ids.carol, 'carol'),
      ],
    });
    expect(postDetailJson(checked, post, renamedAuthor)).toBe(zodJson(post, renamedAuthor));
    const renamedMention = readBy(post, content, {
      citizens: [citizen(ids.author, 'alice'), citizen(ids.bob, 'bobby'), citizen(ids.carol, 'carol')],
    });
    expect(postDetailJson(checked, post, renamedMention)).toBe(zodJson(post, renamedMention));
    const mentionGone = readBy(post, content, {
      citizens: [citizen(ids.author, 'alice'), citizen(ids.carol, 'carol')],
    });
    expect(postDetailJson(checked, post, mentionGone)).toBe(zodJson(post, mentionGone));
    const privately = postRow({ sharing: 'private' });
    expect(postDetailJson(checked, privately, readBy(privately, content))).toBe(
      zodJson(privately, readBy(privately, content)),
    );
    const failed = postRow({ status: 'failed' });
    expect(postDetailJson(checked, failed, readBy(failed, content))).toBe(zodJson(failed, readBy(failed, content)));
  });

  it('writes a post without its content object (just written) as zod would', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const post = postRow();
    const hydration = hydrationOf(post);
    expect(postDetailJson(checked, post, hydration)).toBe(zodJson(post, hydration));
  });
});
