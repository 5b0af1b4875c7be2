import { updateMyProfile } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { bioProblem, displayNameProblem } from './profile-rules';

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
