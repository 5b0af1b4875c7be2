import {
  imageContentTypes,
  inputLimits,
  mediaLimits,
  normalizeText,
  textLength,
  videoContentTypes,
} from '@civitas/contract/routes-table';
import { type FileRefusal, limitsInMiB } from '../../client/upload/check-file';

/** A field's problem, as a key of the Compose messages (with its values). */
export interface FieldProblem {
  key:
    | 'fileMissing'
    | 'notMedia'
    | 'heic'
    | 'imageTooLarge'
    | 'videoTooLarge'
    | 'videoTooLong'
    | 'captionTooLong'
    | 'tooManyMentions'
    | 'linkInvalid'
    | 'altTooLong'
    | 'tooManyItems';
  values?: Record<string, number | string>;
  /** The file it is about, when several were chosen at once (an album, ADR 086). */
  name?: string;
}

/**
 * A file input's `accept`: the declared types the server takes, plus HEIC's extensions (browsers often give a
 * HEIC photo no type at all).
 */
export const acceptFor = (media: 'pictureOrVideo' | 'picture'): string =>
  [...imageContentTypes, ...(media === 'pictureOrVideo' ? videoContentTypes : []), '.heic', '.heif'].join(',');

/** The message for a chosen file the browser's check refused (checkChosenFile), with the limit it names. */
export function refusalProblem(refusal: FileRefusal): FieldProblem {
  if (refusal === 'imageTooLarge') return { key: refusal, values: { max: limitsInMiB.image } };
  if (refusal === 'videoTooLarge') return { key: refusal, values: { max: limitsInMiB.video } };
  return { key: refusal };
}

/** Length as a person counts it, the way the server does (the contract's textLength). */
const lengthOf = (text: string) => textLength(normalizeText(text));

/** How many more characters the caption may have, counted as the server counts them (negative when over). */
export const captionRemaining = (caption: string): number => inputLimits.captionMaxLength - lengthOf(caption);

/** The caption's length, and how many people it names from the picker (the server takes at most 20). */
export function captionProblem(caption: string, mentions = 0): FieldProblem | null {
  if (captionRemaining(caption) < 0) {
    return { key: 'captionTooLong', values: { max: inputLimits.captionMaxLength } };
  }
  return mentions > inputLimits.mentionsMax
    ? { key: 'tooManyMentions', values: { max: inputLimits.mentionsMax } }
    : null;
}

/**
 * The link as it will be posted: trimmed, and with `https://` in front of an address typed without a scheme
 * ("example.com/route"), as browsers' address bars do. Anything else is left for linkProblem to judge.
 */
export function completeLink(link: string): string {
  const value = link.trim();
  return value && !/^[a-z][a-z0-9+.-]*:/i.test(value) && /^[^\s/]+\.[^\s/]+/.test(value) ? `https://${value}` : value;
}

/** An http or https URL of at most 2048 characters, the server's rule; empty means no link. */
export function linkProblem(link: string): FieldProblem | null {
  const value = completeLink(link);
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && value.length <= 2048) return null;
  } catch {
    // not a URL
  }
  return { key: 'linkInvalid' };
}

export function altTextProblem(altText: string): FieldProblem | null {
  return lengthOf(altText.trim()) > mediaLimits.altTextMaxLength
    ? { key: 'altTooLong', values: { max: mediaLimits.altTextMaxLength } }
    : null;
}
