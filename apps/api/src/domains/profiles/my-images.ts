import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mediaLimits } from '@civitas/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { CitizensTable } from '../../db/tables/index.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { callerGone } from '../../http/live-caller.js';
import type { ProfileImageKind } from '../../media/image/profile-images.js';
import { type ProfileRow, profileColumns } from './present.js';

const MiB = 1024 * 1024;
const tooLarge = () =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `A profile picture or cover may be at most ${mediaLimits.imageMaxBytes / MiB} MB. Send a smaller version.`,
  );

/**
 * The picture's bytes, streamed to a work file under DATA_DIR (never held whole in memory) and cut off past
 * the upload limit. The caller removes the file.
 */
export async function receivePicture(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > mediaLimits.imageMaxBytes) throw tooLarge();
  const body = request.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture’s bytes as application/octet-stream');
  }
  const work = resolve(ctx.config.DATA_DIR, 'work');
  await mkdir(work, { recursive: true });
  const path = join(work, `profile-picture-${randomBytes(8).toString('hex')}`);
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > mediaLimits.imageMaxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, capped, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw badRequest('PICTURE_INCOMPLETE', 'The picture was cut off on the way; send it again');
    }
    throw error;
  }
  if (size === 0) {
    await rm(path, { force: true });
    throw badRequest('PICTURE_MISSING', 'Send the picture’s bytes as the body of this call');
  }
  return path;
}

/** Where each kind is kept on a citizen's row, and the folder its versions are stored under. */
const places = {
  picture: { column: 'profile_picture_uri', folder: 'avatars' },
  cover: { column: 'cover_picture_uri', folder: 'covers' },
} as const satisfies Record<ProfileImageKind, { column: keyof CitizensTable; folder: string }>;

/** Where one version of a citizen's image is stored; a new image is a new folder, so its address is new. */
export const imageFolder = (citizenId: string, kind: ProfileImageKind): string =>
  `${places[kind].folder}/${citizenId}/${randomBytes(8).toString('hex')}`;

/** The folder of an image stored by imageFolder, from its address (a local or a bucket address alike). */
function folderOf(uri: string | null, citizenId: string, kind: ProfileImageKind): string | null {
  const match = uri?.match(/(?:^|\/)(avatars|covers)\/([0-9a-f-]{36})\/([0-9a-f]{16})\//);
  if (!match || match[1] !== places[kind].folder || match[2] !== citizenId) return null;
  return `${match[1]}/${citizenId}/${match[3]}`;
}

/**
 * Sets my picture's or cover's address (null: none) and deletes the files of the one it replaces. The replaced
 * address is read and overwritten as one compare-and-set, so two devices changing it at once each delete only
 * what they replaced. Images that are not of this kind (the demo world's) are left in place.
 */
export async function swapImage(
  ctx: AppContext,
  citizenId: string,
  kind: ProfileImageKind,
  uri: string | null,
  log: FastifyBaseLogger,
): Promise<ProfileRow> {
  const { column } = places[kind];
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await ctx.db.selectFrom('citizens').select(column).where('id', '=', citizenId).executeTakeFirst();
    if (!current) throw callerGone();
    const replaced = current[column];
    const row = await ctx.db
      .updateTable('citizens')
      .set({ [column]: uri, updated_at: ctx.now() })
      .where('id', '=', citizenId)
      .where((eb) => (replaced === null ? eb(column, 'is', null) : eb(column, '=', replaced)))
      .returning(profileColumns)
      .executeTakeFirst();
    if (!row) continue;
    const old = folderOf(replaced, citizenId, kind);
    if (old && old !== folderOf(uri, citizenId, kind)) {
      await ctx.media.files.removeFolder(old).catch((error: unknown) => {
        log.warn({ err: error, folder: old }, 'a replaced profile image could not be deleted');
      });
    }
    return row;
  }
  throw conflict('PICTURE_BUSY', 'Your profile is being changed from another device at this moment; try again');
}
