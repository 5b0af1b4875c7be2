import { updateMyProfile } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { bioProblem, displayNameProblem, pictureRefusal } from './profile-rules';

const names = [
  'Ana',
  '  Ana  ',
  '',
  '   ',
  'x'.repeat(60),
  'x'.repeat(61),
  ` ${'y'.repeat(60)} `,
  'Zoe\u0308',
  'A\u0000na',
];
const bios = [
  '',
  'one\ntwo',
  'one\r\ntwo',
  'b'.repeat(300),
  'b'.repeat(301),
  '👍🏽'.repeat(300),
  'evil\u202Etxt',
  '\uD800',
];
const serverTakes = (body: { displayName: string; bio: string }) => updateMyProfile.body.safeParse(body).success;

describe('the profile form’s rules', () => {
  it('take a name exactly when the server does', () => {
    for (const displayName of names) {
      expect(displayNameProblem(displayName) === null, JSON.stringify(displayName)).toBe(
        serverTakes({ displayName, bio: '' }),
      );
    }
  });

  it('take a bio exactly when the server does', () => {
    for (const bio of bios) {
      expect(bioProblem(bio) === null, JSON.stringify(bio)).toBe(serverTakes({ displayName: 'Ana', bio }));
    }
  });

  it('say what is wrong in words the form can show', () => {
    expect(displayNameProblem('  ')).toEqual({ key: 'nameRequired' });
    expect(displayNameProblem('x'.repeat(61))).toEqual({ key: 'nameTooLong', values: { max: 60 } });
    expect(displayNameProblem('Ana\nBel')).toEqual({ key: 'textUnusable' });
    expect(bioProblem('b'.repeat(301))).toEqual({ key: 'bioTooLong', values: { max: 300 } });
    expect(bioProblem('a\u0007')).toEqual({ key: 'textUnusable' });
  });
});

describe('a profile picture sent on Save (the browser checks its bytes first: check-file.test.ts)', () => {
  it('turns the server’s refusals of the picture into our words, and leaves other failures to the generic ones', () => {
    const refused = (status: number, code: string) => ({
      status,
      data: { statusCode: status, error: 'x', message: 'x', code },
    });
    expect(pictureRefusal(refused(415, 'UNSUPPORTED_MEDIA'))).toBe('pictureNotUsable');
    expect(pictureRefusal(refused(413, 'TOO_MANY_PIXELS'))).toBe('pictureTooLarge');
    expect(pictureRefusal(refused(413, 'FILE_TOO_LARGE'))).toBe('pictureTooLarge');
    expect(pictureRefusal(refused(422, 'CORRUPT_MEDIA'))).toBe('pictureDamaged');
    expect(pictureRefusal(refused(415, 'UNSUPPORTED_MEDIA_TYPE'))).toBeNull();
    expect(pictureRefusal(refused(429, 'TOO_MANY_REQUESTS'))).toBeNull();
    expect(pictureRefusal({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
  });
});
