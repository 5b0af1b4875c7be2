import { describe, expect, it } from 'vitest';
import { commentFailure } from './comment-failure';

const refused = (status: number, code: string, message = 'words') => ({
  status,
  data: { statusCode: status, error: 'Refused', message, code },
});

describe('why a comment was not posted', () => {
  it('names the refusals a comment meets, and keeps the server’s words for refused text', () => {
    expect(commentFailure(refused(403, 'COMMENTS_OFF'))).toEqual({ key: 'commentsOff' });
    expect(commentFailure(refused(403, 'BLOCKED'))).toEqual({ key: 'blockedMention' });
    expect(commentFailure(refused(429, 'RATE_LIMITED'))).toEqual({ key: 'tooFast' });
    expect(commentFailure(refused(404, 'COMMENT_NOT_FOUND'))).toEqual({ key: 'replyGone' });
    expect(commentFailure(refused(404, 'POST_NOT_FOUND'))).toEqual({ key: 'postGone' });
    expect(commentFailure(refused(400, 'VALIDATION_FAILED', 'text must not be empty'))).toEqual({
      key: 'invalidText',
      detail: 'text must not be empty',
    });
  });

  it('leaves anything else to the words every failed call has', () => {
    const offline = { status: 'FETCH_ERROR', error: 'TypeError' };
    expect(commentFailure(offline)).toEqual({ key: 'other', error: offline });
    expect(commentFailure(refused(403, 'NOT_THIS_POSTS_COMMENT'))).toMatchObject({ key: 'other' });
    expect(commentFailure({ status: 400, data: '<html>' })).toEqual({ key: 'invalidText', detail: null });
  });
});
