import { inputLimits, normalizeText, textLength, textProblem, trimText } from '@civitas/contract/routes-table';
import { errorBodyOf } from '../../client/api/errors';

/** A field's problem, as a key of the Profile messages (with its values). */
export interface ProfileFieldProblem {
  key: 'nameRequired' | 'nameTooLong' | 'bioTooLong' | 'textUnusable';
  values?: Record<string, number>;
}

/** Length as a person counts it, after the trimming the server does (the contract's textLength). */
export const countedLength = (text: string) => textLength(trimText(normalizeText(text)));

/** The name by the server's rules: one line, 1 to 60 characters once trimmed, nothing that cannot be shown. */
export function displayNameProblem(name: string): ProfileFieldProblem | null {
  if (textProblem(name, false)) return { key: 'textUnusable' };
  const length = countedLength(name);
  if (length === 0) return { key: 'nameRequired' };
  return length > inputLimits.displayNameMaxLength
    ? { key: 'nameTooLong', values: { max: inputLimits.displayNameMaxLength } }
    : null;
}

/** The bio: line breaks allowed, at most 300 characters once trimmed, may be empty. */
export function bioProblem(bio: string): ProfileFieldProblem | null {
  if (textProblem(bio, true)) return { key: 'textUnusable' };
  return countedLength(bio) > inputLimits.bioMaxLength
    ? { key: 'bioTooLong', values: { max: inputLimits.bioMaxLength } }
    : null;
}

type PictureMessage = 'pictureNotUsable' | 'pictureTooLarge' | 'pictureDamaged';

/** The server's refusal of a picture, as a message of ours (null: not a refusal of the picture itself). */
export function pictureRefusal(error: unknown): PictureMessage | null {
  const status = (error as { status?: unknown }).status;
  const code = errorBodyOf((error as { data?: unknown }).data)?.code;
  if (status === 413) return 'pictureTooLarge';
  if (status === 415 && code === 'UNSUPPORTED_MEDIA') return 'pictureNotUsable';
  return status === 422 ? 'pictureDamaged' : null;
}
