import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { mediaLimits } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { processImage } from '../../media/image/process-image.js';
import type { ClaimedJob } from '../../media/jobs/job-queue.js';
import type { JobRun } from '../../media/jobs/worker.js';
import { MediaRejected } from '../../media/media-rejected.js';
import { postMediaFolder } from '../../media/paths.js';
import type { MediaReach } from '../../media/storage/media-storage.js';
import { extractCoverFrame } from '../../media/video/cover-frame.js';
import { probeVideo } from '../../media/video/probe-video.js';
import { transcodeVideo } from '../../media/video/transcode-video.js';
import { type ProcessedMedia, publishProcessedPost } from './publish.js';
import { storePicture } from './store-picture.js';
import { completedUploads } from './upload-store.js';
import { videoLimits } from './video-limits.js';
import { videoToolsOf, videoToolsReady } from './video-tools.js';

const STEP_TIMEOUT_MS = 20_000;

/**
 * Who may read a post's files: everyone for a public post, only those the media route admits for a friends-only
 * one (ADR 075). A post's sharing is chosen when it is created and never changed (no call edits it), so the files
 * made now stay right for the post's life.
 */
export const reachOf = (sharing: 'public' | 'private'): MediaReach => (sharing === 'public' ? 'everyone' : 'checked');

async function processImagePost(
  ctx: AppContext,
  source: string,
  folder: string,
  reach: MediaReach,
  run: JobRun,
): Promise<ProcessedMedia> {
  run.progress('image', 10);
  const picture = await processImage(source, { maxPixels: mediaLimits.imageMaxPixels, signal: run.signal });
  run.progress('finishing', 90);
  const stored = await storePicture(ctx.media.files, folder, 'image', picture, reach);
  return {
    folder,
    imageUri: stored.jpegUri,
    coverImageUri: null,
    videoUri: null,
    hlsUri: null,
    renditions: stored.renditions,
    placeholder: picture.placeholder,
    width: picture.width,
    height: picture.height,
  };
}

async function processVideoPost(
  ctx: AppContext,
  job: ClaimedJob,
  source: string,
  coverSource: string | null,
  folder: string,
  reach: MediaReach,
  run: JobRun,
): Promise<ProcessedMedia> {
  if (!(await videoToolsReady(ctx))) {
    throw new MediaRejected('VIDEO_UNAVAILABLE', 'Video processing is not available on this server right now.');
  }
  const tools = videoToolsOf(ctx);
  run.progress('probe', 2);
  const probe = await probeVideo(source, {
    tools,
    limits: videoLimits,
    timeoutMs: STEP_TIMEOUT_MS,
    signal: run.signal,
  });
  const workDir = resolve(ctx.config.DATA_DIR, 'work', job.id);
  await rm(workDir, { recursive: true, force: true }); // a run interrupted by a restart starts over
  await mkdir(workDir, { recursive: true });
  try {
    // Transcoding is most of the time: 5-85 %, HLS 85-95 %, the cover the rest.
    const video = await transcodeVideo(source, workDir, {
      tools,
      probe,
      signal: run.signal,
      timeoutMs: ctx.config.MEDIA_JOB_TIMEOUT_MS,
      onProgress: (stage: 'transcode' | 'hls' | 'cover', percent: number) =>
        stage === 'transcode' ? run.progress('transcode', 5 + percent * 0.8) : run.progress(stage, 85 + percent * 0.1),
    });
    run.progress('cover', 95);
    let coverPath = coverSource;
    if (!coverPath) {
      coverPath = join(workDir, 'cover-frame.png');
      await extractCoverFrame(source, coverPath, { tools, probe, signal: run.signal, timeoutMs: STEP_TIMEOUT_MS });
    }
    const cover = await processImage(coverPath, { maxPixels: mediaLimits.imageMaxPixels, signal: run.signal });
    run.progress('finishing', 98);
    const stored = await storePicture(ctx.media.files, folder, 'cover', cover, reach);
    const videoUri = await ctx.media.files.putFile(`${folder}/video.mp4`, video.mp4, reach);
    const hlsRoot = resolve(video.hlsMaster, '..');
    for (const file of video.hlsFiles) {
      if (file !== video.hlsMaster)
        await ctx.media.files.putFile(`${folder}/hls/${relative(hlsRoot, file)}`, file, reach);
    }
    const hlsUri = await ctx.media.files.putFile(
      `${folder}/hls/${relative(hlsRoot, video.hlsMaster)}`,
      video.hlsMaster,
      reach,
    );
    return {
      folder,
      imageUri: null,
      coverImageUri: stored.jpegUri,
      videoUri,
      hlsUri,
      renditions: stored.renditions,
      placeholder: cover.placeholder,
      width: video.width,
      height: video.height,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Runs one media job: the post's uploads become renditions (and MP4 + HLS), then the post is published. */
export async function processPostMedia(ctx: AppContext, job: ClaimedJob, run: JobRun): Promise<void> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'media_type', 'status', 'sharing'])
    .where('id', '=', job.postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (post?.status !== 'processing') return; // deleted or settled meanwhile: nothing to do
  const uploads = await completedUploads(ctx, post.id);
  const main = uploads[post.media_type === 'image' ? 'image-upload' : 'video-upload'];
  if (!main) throw new MediaRejected('CORRUPT_MEDIA', 'The upload of this post is missing. Please upload it again.');
  const source = await ctx.media.uploads.assembledFile(main.id, main.parts_count);
  const cover = uploads['video-cover-image-upload'];
  const folder = postMediaFolder(post.id, randomBytes(6).toString('hex'));
  const reach = reachOf(post.sharing);
  let media: ProcessedMedia;
  try {
    media =
      post.media_type === 'image'
        ? await processImagePost(ctx, source, folder, reach, run)
        : await processVideoPost(
            ctx,
            job,
            source,
            cover ? await ctx.media.uploads.assembledFile(cover.id, cover.parts_count) : null,
            folder,
            reach,
            run,
          );
  } catch (error) {
    await ctx.media.files.removeFolder(folder);
    throw error;
  }
  // Outside the try: once published, the folder is the post's media (publish cleans up when it was not).
  await publishProcessedPost(ctx, post.id, media);
}
