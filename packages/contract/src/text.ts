import { z } from 'zod';
import { normalizeText, textLength, textProblem, textProblemMessages, trimText } from './text-rules.js';

// The same rules as JSON Schema patterns, for clients reading the OpenAPI (surrogates and lengths are in words).
const FORBIDDEN = '\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';
const MULTILINE_PATTERN = `^[^${FORBIDDEN}]*$`;
/** The single-line text rule as a JSON Schema pattern, for schemas that describe a userText they wrap. */
export const SINGLE_LINE_PATTERN = `^[^${FORBIDDEN}\\n\\r\\u2028\\u2029]*$`;

/**
 * Code units a counted character may take on average. A character as a person counts it can hold any number of
 * combining marks, so a 60-character name could otherwise be hundreds of kilobytes (copied into every page that
 * shows its author, and past what a database index takes). Real text stays far below: a family emoji is 11
 * units, a Devanagari conjunct 3 to 6, a flag with its region tags 14.
 */
export const CODE_UNITS_PER_CHARACTER = 8;

export interface TextOptions {
  /** The field's name in messages, e.g. `caption`. */
  field: string;
  max: number;
  min?: number;
  /** Line breaks allowed (captions, alt text). */
  multiline?: boolean;
  /** Leading and trailing white space and invisible characters removed (names, search words). */
  trim?: boolean;
}

/**
 * A person's text, at the door: refused with a message naming the field when it holds control characters
 * (U+0000 included; line breaks only where `multiline`), bidirectional overrides or lone surrogates; then
 * kept in NFC with `\n` line breaks; its length counted as a person counts characters (grapheme clusters).
 * Every schema that takes text from a person uses this, so the rules and the OpenAPI say the same everywhere.
 */
export function userText({ field, max, min = 0, multiline = false, trim = false }: TextOptions) {
  const maxUnits = max * CODE_UNITS_PER_CHARACTER;
  const rules = [
    `no control characters${multiline ? ' except line breaks' : ''}`,
    'no bidirectional overrides or isolates',
    'no lone surrogates',
    'stored in Unicode NFC',
    `${min > 0 ? `${min} to ` : 'at most '}${max} characters, counted as a person counts them`,
    `at most ${maxUnits} UTF-16 code units in all`,
  ];
  return z
    .string()
    .superRefine((text, ctx) => {
      const problem = textProblem(text, multiline);
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${textProblemMessages[problem]}` });
    })
    .transform((text) => {
      const normalized = normalizeText(text);
      return trim ? trimText(normalized) : normalized;
    })
    .superRefine((text, ctx) => {
      const length = textLength(text, max);
      if (length > max) ctx.addIssue({ code: 'custom', message: `${field} must be at most ${max} characters` });
      else if (text.length > maxUnits) {
        const message = `${field} must be at most ${maxUnits} UTF-16 code units in all (a character built of many marks counts as several)`;
        ctx.addIssue({ code: 'custom', message });
      } else if (length < min) {
        ctx.addIssue({
          code: 'custom',
          message: min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`,
        });
      }
    })
    .meta({
      description: `Text: ${rules.join('; ')}.`,
      pattern: multiline ? MULTILINE_PATTERN : SINGLE_LINE_PATTERN,
      ...(min > 0 ? { minLength: min } : {}),
    });
}
