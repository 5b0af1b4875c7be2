import { CommentText } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { comment } from '../../client/testing/fixtures';
import { commentRemaining, hasWords, threadsOf } from './comment-rules';

describe('a comment’s words', () => {
  it('counts as the server does, so the composer refuses exactly what the server would', () => {
    const texts = [
      '',
      '   ',
      'Hello',
      ` ${'x'.repeat(1000)} `,
      'x'.repeat(1001),
      '👨‍👩‍👧'.repeat(1000),
      'é\r\n'.repeat(500),
    ];
    for (const text of texts) {
      const accepted = CommentText.safeParse(text).success;
      expect(hasWords(text) && commentRemaining(text) >= 0, JSON.stringify(text.slice(0, 20))).toBe(accepted);
    }
    expect(commentRemaining('Hello ')).toBe(995);
  });
});

describe('threads', () => {
  it('puts each reply under its thread’s first comment, in the server’s order', () => {
    const first = comment();
    const second = comment();
    const reply = comment({ parentId: first.id });
    const another = comment({ parentId: first.id });
    expect(threadsOf([first, reply, another, second])).toEqual([
      { comment: first, replies: [reply, another] },
      { comment: second, replies: [] },
    ]);
  });

  it('keeps a reply whose thread is not loaded as a thread of its own', () => {
    const orphan = comment({ parentId: comment().id });
    expect(threadsOf([orphan])).toEqual([{ comment: orphan, replies: [] }]);
  });
});
