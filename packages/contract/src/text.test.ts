import { describe, expect, it } from 'vitest';
import { userText } from './text.js';
import { textLength, textProblem } from './text-rules.js';

const caption = userText({ field: 'caption', max: 5, multiline: true });
const name = userText({ field: 'displayName', min: 1, max: 5, trim: true });
const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('text at the door', () => {
  it('refuses U+0000 and the other controls, naming the field', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'a\u007f', 'a\u0085', 'tab\there']) {
      expect(messages(caption.safeParse(bad)), JSON.stringify(bad)).toEqual([
        'caption must not contain control characters (such as U+0000)',
      ]);
    }
  });

  it('takes line breaks only where the field is multi-line, and keeps them as \\n', () => {
    expect(caption.parse('a\r\nb\rc')).toBe('a\nb\nc');
    expect(messages(name.safeParse('a\nb'))).toEqual(['displayName must be a single line']);
  });

  it('refuses bidirectional overrides and isolates but keeps the marks right-to-left text needs', () => {
    for (const bad of ['gnp.\u202Eexe', 'a\u2066b\u2069']) expect(caption.safeParse(bad).success).toBe(false);
    expect(caption.parse('\u05e9\u200f!')).toBe('\u05e9\u200f!');
  });

  it('refuses lone surrogates and keeps real pairs', () => {
    expect(textProblem('a\ud800', false)).toBe('surrogate');
    expect(textProblem('\udc00b', false)).toBe('surrogate');
    expect(caption.parse('😀')).toBe('😀');
  });

  it('stores NFC and counts characters as a person does', () => {
    expect(caption.parse('e\u0301')).toBe('é');
    expect(textLength('👨‍👩‍👧👍🏽é')).toBe(3);
    expect(caption.safeParse('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧').success).toBe(true);
    expect(messages(caption.safeParse('abcdef'))).toEqual(['caption must be at most 5 characters']);
    expect(messages(name.safeParse('   '))).toEqual(['displayName must not be empty']);
  });

  it('trims invisible characters from a name’s ends, so a name of nothing else is empty', () => {
    for (const blank of ['\u200b\u200b\u200b', '\u3164', '\u2800 \u00ad', '\ufeff\u2060', ' \u200d ']) {
      expect(messages(name.safeParse(blank)), JSON.stringify(blank)).toEqual(['displayName must not be empty']);
    }
    expect(name.parse('Ana\u00ad')).toBe('Ana');
    expect(name.parse('\u200bAn Li\u200c ')).toBe('An Li');
    // Inside a name, and where they make up a character, they stay: joined emoji, a variation selector.
    expect(name.parse('👩‍💻')).toBe('👩‍💻');
    expect(name.parse('A\u200bB')).toBe('A\u200bB');
    expect(name.parse('❤️')).toBe('❤️');
  });

  it('counts long text in slices exactly as in one piece, across every kind of cluster', () => {
    const whole = (text: string) =>
      [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
    const clusters = [
      'a',
      'é',
      'e\u0301',
      '👨‍👩‍👧',
      '👍🏽',
      '🇬🇧',
      '🇩🇪🇫',
      '\r\n',
      '한',
      'क्षि',
      `x${'\u0301'.repeat(1500)}`,
    ];
    for (const [index, cluster] of clusters.entries()) {
      for (const offset of [0, 1, 3]) {
        const repeat = Math.max(3, Math.ceil(2500 / cluster.length));
        const text = `${'b'.repeat(1020 + offset)}${cluster.repeat(repeat)}${clusters.slice(index).join('')}`;
        expect(textLength(text), JSON.stringify(cluster)).toBe(whole(text));
      }
    }
    expect(textLength('x'.repeat(5000), 100)).toBeGreaterThan(100);
  });

  it('counts ASCII as the segmenter does: a character per code unit, CR LF as one', () => {
    const segmented = (text: string) =>
      [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    for (const text of ['', 'Sunset over the harbour #sea @alice', ascii, 'one\r\ntwo\n\rthree\r\n', '\r\r\n\n']) {
      expect(textLength(text), JSON.stringify(text)).toBe(segmented(text));
    }
    expect(textLength('one\r\ntwo')).toBe(7);
  });

  it('refuses a text of few characters but many code units (combining marks without end)', () => {
    const name = userText({ field: 'displayName', min: 1, max: 5, trim: true });
    expect(name.safeParse(`x${'\u0301'.repeat(39)}`).success).toBe(true); // 40 units: 8 a character
    expect(messages(name.safeParse(`x${'\u0301'.repeat(40)}`))).toEqual([
      'displayName must be at most 40 UTF-16 code units in all (a character built of many marks counts as several)',
    ]);
  });

  it('refuses an over-long text without counting it to the end (a 260,000-character caption took 88 s)', () => {
    const long = userText({ field: 'caption', max: 2200, multiline: true });
    expect(messages(long.safeParse('x'.repeat(262_000)))).toEqual(['caption must be at most 2200 characters']);
    expect(messages(long.safeParse('hello world '.repeat(20_000)))).toEqual([
      'caption must be at most 2200 characters',
    ]);
  });
});
