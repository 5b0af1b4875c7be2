/*
 * What a person's text may hold, decided in one place (zod-free, so the browser's forms count and check the
 * same way the server's schemas do; text.ts turns these rules into schemas).
 */

// C0 and C1 controls and DEL; line feed and carriage return are told apart below.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/u;
/**
 * Bidirectional embeddings, overrides and isolates can make text read differently from what it is (a file
 * name or a caption that shows another name). The marks LRM, RLM and ALM stay: right-to-left writing needs them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

// A high surrogate not followed by a low one, or a low one not preceded by a high one (not a character).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'control' | 'lineBreak' | 'bidi' | 'surrogate';

/** What is wrong with a text, if anything; `multiline` allows line breaks (captions, alt text). */
export function textProblem(text: string, multiline: boolean): TextProblem | null {
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  if (CONTROL.test(text)) return 'control';
  if (!multiline && LINE_BREAK.test(text)) return 'lineBreak';
  if (BIDI_CONTROL.test(text)) return 'bidi';
  return null;
}

/** Text as it is kept: line breaks as `\n`, composed characters (NFC), so é is always one character. */
export const normalizeText = (text: string): string => text.replace(/\r\n?/g, '\n').normalize('NFC');

/**
 * White space, and characters that show nothing by themselves: soft hyphen, the combining grapheme joiner,
 * zero-width spaces and joiners, the word joiner and invisible operators, the Hangul fillers, the blank Braille
 * pattern, the byte-order mark. At either end of a name none is ever meant, and a name of nothing else looks
 * empty (or exactly like someone else's).
 */
const INVISIBLE = new Set(
  '\u00AD \u034F \u115F \u1160 \u17B4 \u17B5 \u180E \u200B \u200C \u200D \u2060 \u2061 \u2062 \u2063 \u2064 \u2800 \u3164 \uFFA0'.split(
    ' ',
  ),
);
const WHITE_SPACE = /^\s$/;
const blankAtEdge = (character: string) => WHITE_SPACE.test(character) || INVISIBLE.has(character);

/**
 * `text` without the blanks at its ends. A loop rather than a regular expression: /\s+$/ takes quadratic time
 * on a long run of spaces that does not end the text, and this runs before any length limit.
 */
export function trimText(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && blankAtEdge(text.charAt(start))) start++;
  while (end > start && blankAtEdge(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

let segmenter: Intl.Segmenter | undefined;

// Node 20's segmenter costs time in proportion to the whole text for every segment it yields, so counting a
// long text at once is quadratic (262,000 characters took 88 s, the server doing nothing else meanwhile).
// Counted in slices it is linear: a slice's last segment may run on into the next slice, so each slice
// after the first starts where the previous one's last segment did, and that segment is counted there.
const SLICE = 1024;

/**
 * ASCII: every code unit is a character of its own, but for CR LF, which is one (Unicode's grapheme rules join
 * nothing else in ASCII). Most captions and names are ASCII, and the segmenter cost 7 % of creating a post.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole of ASCII, controls included
const ONE_UNIT_PER_CHARACTER = /^[\u0000-\u007F]*$/;

/**
 * Length as a person counts it: 👍🏽, é and a family emoji are one character each. With `atMost`, counting
 * stops once past it (the answer is then larger than `atMost`, not the full length): a limit check need
 * not read a huge text to its end.
 */
export function textLength(text: string, atMost = Number.POSITIVE_INFINITY): number {
  if (ONE_UNIT_PER_CHARACTER.test(text) && !text.includes('\r\n')) return text.length;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  let start = 0;
  let size = SLICE;
  while (start < text.length && count <= atMost) {
    // Never between the two halves of a surrogate pair: the slice must end on a whole code point.
    const high = text.charCodeAt(start + size - 1);
    const end = start + size + (high >= 0xd800 && high <= 0xdbff ? 1 : 0);
    if (end >= text.length) {
      for (const _ of segmenter.segment(text.slice(start))) count += 1;
      break;
    }
    let lastStart = 0;
    let segments = 0;
    for (const { index } of segmenter.segment(text.slice(start, end))) {
      segments += 1;
      lastStart = index;
    }
    if (lastStart === 0) {
      // One segment fills the slice (a letter under thousands of combining marks): look further ahead.
      size *= 2;
      continue;
    }
    count += segments - 1;
    start += lastStart;
    size = SLICE;
  }
  return count;
}

export const textProblemMessages: Readonly<Record<TextProblem, string>> = {
  control: 'must not contain control characters (such as U+0000)',
  lineBreak: 'must be a single line',
  bidi: 'must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069)',
  surrogate: 'must be valid Unicode (it holds a lone surrogate)',
};
