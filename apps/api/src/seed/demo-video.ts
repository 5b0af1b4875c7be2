import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { partLayout } from '../domains/media/upload-rules.js';
import { videoToolsOf, videoToolsReady } from '../domains/media/video-tools.js';
import { insertPost } from './posts.js';

const run = promisify(execFile);
const SECONDS = 8;

/**
 * The demo's video post, published the way a citizen's is: ffmpeg draws a clip (a zoom into the Mandelbrot
 * set with a tone), which goes in as a completed upload whose job the worker turns into MP4, HLS and a cover.
 * Without ffmpeg there is no demo video (images still work). Answers whether the post was queued.
 */
export async function seedDemoVideo(ctx: AppContext, authorId: string, now: number): Promise<boolean> {
  if (!(await videoToolsReady(ctx))) return false;
  const work = resolve(ctx.config.DATA_DIR, 'work');
  await mkdir(work, { recursive: true });
  const clip = join(work, `demo-video-${newId(now)}.mp4`);
  try {
    await run(
      videoToolsOf(ctx).ffmpegPath ?? 'ffmpeg',
      [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `mandelbrot=size=640x360:rate=25:end_scale=0.05,trim=duration=${SECONDS}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=330:beep_factor=2:duration=${SECONDS}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        clip,
      ],
      { timeout: 60_000 },
    );
    const postId = await insertPost(
      ctx.db,
      {
        authorId,
        mediaType: 'video',
        status: 'processing',
        caption: 'Falling into the Mandelbrot set, eight seconds at a time. #maths #video',
        altText: 'A zoom into the Mandelbrot set: bulbs in red and green fringed with pink and blue filaments',
      },
      now,
    );
    const uploadId = newId(now);
    const { size } = await stat(clip);
    await ctx.db
      .insertInto('uploads')
      .values({
        id: uploadId,
        post_id: postId,
        owner_id: authorId,
        kind: 'video-upload',
        file_name: 'mandelbrot.mp4',
        content_type: 'video/mp4',
        file_size: size,
        part_size: partLayout(size).partSize,
        parts_count: 1, // the clip is about 1.5 MB, one part
        status: 'completed',
        created_at: now,
        updated_at: now,
        expires_at: now,
      })
      .execute();
    await ctx.media.uploads.writePart(uploadId, 1, createReadStream(clip), size);
    await ctx.media.uploads.assemble(uploadId, 1);
    const jobId = await ctx.media.queue.enqueue(ctx.db, postId, now);
    // Recorded; should the queue's transport not take it now, a worker's relay does it (ADR 022).
    await ctx.media.queue.dispatch(jobId, postId).catch(() => {});
    return true;
  } finally {
    await rm(clip, { force: true });
  }
}
