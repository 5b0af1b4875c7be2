import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { type AlbumItemView, mediaLimits } from '@civitas/contract';
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
import { itemTypesOf, parseMoreMedia } from '../posts/album.js';
import { type ProcessedMedia, publishProcessedPost } from './publish.js';
import { storePicture } from './store-picture.js';
import { completedUploads, type ItemUploads, mainUploadOf } from './upload-store.js';
import { videoLimits } from './video-limits.js';
import { videoToolsOf, videoToolsReady } from './video-tools.js';

const STEP_TIMEOUT_MS = 20_000;

/**
 * Who may read a post's files: everyone for a public post, only those the media route admits for a friends-only
 * one (ADR 075). A post's sharing is chosen when it is created and never changed (no call edits it), so the files
 * made now stay right for the post's life.
 */
export const reachOf = (sharing: 'public' | 'private'): MediaReach => (sharing === 'public' ? 'everyone' : 'checked');

/**
 * Where an item's files go in the post's folder: the first item's under the names a post of one item always had,
 * each later one's under `item-<position>` (ADR 086).
 */
export interface ItemFiles {
  folder: string;
  /** `image`, `cover`, `video.mp4` and `hls/` for the first item; prefixed `item-<n>-` for the others. */
  name(file: 'image' | 'cover' | 'video.mp4' | 'hls'): string;
}

const itemFiles = (folder: string, position: number): ItemFiles => ({
  folder,
  name: (file) => (position === 0 ? file : `item-${position}-${file}`),
});

async function processImagePost(
  ctx: AppContext,
  source: string,
  files: ItemFiles,
  reach: MediaReach,
  run: JobRun,
): Promise<ProcessedMedia> {
  const { folder } = files;
  run.progress('image', 10);
  const picture = await processImage(source, { maxPixels: mediaLimits.imageMaxPixels, signal: run.signal });
  run.progress('finishing', 90);
  const stored = await storePicture(ctx.media.files, folder, files.name('image'), picture, reach);
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
  workName: string,
  source: string,
  coverSource: string | null,
  files: ItemFiles,
  reach: MediaReach,
  run: JobRun,
): Promise<ProcessedMedia> {
  const { folder } = files;
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
  const workDir = resolve(ctx.config.DATA_DIR, 'work', workName);
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
    const stored = await storePicture(ctx.media.files, folder, files.name('cover'), cover, reach);
    const videoUri = await ctx.media.files.putFile(`${folder}/${files.name('video.mp4')}`, video.mp4, reach);
    const hlsRoot = resolve(video.hlsMaster, '..');
    const hls = `${folder}/${files.name('hls')}`;
    for (const file of video.hlsFiles) {
      if (file !== video.hlsMaster) await ctx.media.files.putFile(`${hls}/${relative(hlsRoot, file)}`, file, reach);
    }
    const hlsUri = await ctx.media.files.putFile(
      `${hls}/${relative(hlsRoot, video.hlsMaster)}`,
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

/** An item's part of the album's progress: item i of n moves the whole from i/n to (i+1)/n. */
const itemRun = (run: JobRun, position: number, items: number): JobRun =>
  items === 1
    ? run
    : { signal: run.signal, progress: (stage, percent) => run.progress(stage, (position * 100 + percent) / items) };

/**
 * Runs one media job: each item's uploads become renditions (and MP4 + HLS), in the album's order, then the post
 * is published with all of them. A failing item fails the post, its message saying which item it was (ADR 086).
 */
export async function processPostMedia(ctx: AppContext, job: ClaimedJob, run: JobRun): Promise<void> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'media_type', 'more_media', 'status', 'sharing'])
    .where('id', '=', job.postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (post?.status !== 'processing') return; // deleted or settled meanwhile: nothing to do
  const itemTypes = itemTypesOf(post);
  const uploads = await completedUploads(ctx, post.id);
  const folder = postMediaFolder(post.id, randomBytes(6).toString('hex'));
  const reach = reachOf(post.sharing);
  const processed: ProcessedMedia[] = [];
  try {
    for (const [position, type] of itemTypes.entries()) {
      try {
        processed.push(
          await processItem(
            ctx,
            job,
            uploads[position],
            type,
            itemFiles(folder, position),
            reach,
            itemRun(run, position, itemTypes.length),
          ),
        );
      } catch (error) {
        if (!(error instanceof MediaRejected) || itemTypes.length === 1) throw error;
        throw new MediaRejected(error.code, `Item ${position + 1} of ${itemTypes.length}: ${error.message}`);
      }
    }
  } catch (error) {
    await ctx.media.files.removeFolder(folder);
    throw error;
  }
  const [first, ...rest] = processed as [ProcessedMedia, ...ProcessedMedia[]];
  // Outside the try: once published, the folder is the post's media (publish cleans up when it was not).
  await publishProcessedPost(ctx, post.id, first, processedItems(post.more_media, rest));
}

/** One item's uploads, processed into the post's folder. */
async function processItem(
  ctx: AppContext,
  job: ClaimedJob,
  uploads: ItemUploads | undefined,
  type: 'image' | 'video',
  files: ItemFiles,
  reach: MediaReach,
  run: JobRun,
): Promise<ProcessedMedia> {
  const main = mainUploadOf(uploads, type);
  if (!main) throw new MediaRejected('CORRUPT_MEDIA', 'The upload of this post is missing. Please upload it again.');
  const source = await ctx.media.uploads.assembledFile(main.id, main.parts_count);
  if (type === 'image') return processImagePost(ctx, source, files, reach, run);
  const cover = uploads?.['video-cover-image-upload'];
  const coverSource = cover ? await ctx.media.uploads.assembledFile(cover.id, cover.parts_count) : null;
  return processVideoPost(ctx, `${job.id}-${main.position}`, source, coverSource, files, reach, run);
}

/** The album's later items as the post will hold them: each processed item with the alternative text it was given. */
function processedItems(awaited: string, processed: readonly ProcessedMedia[]): AlbumItemView[] {
  const declared = parseMoreMedia(awaited);
  return processed.map((media, index) => {
    const item = declared[index] as AlbumItemView;
    return {
      mediaType: item.mediaType,
      media: {
        status: 'ready',
        renditions: [...media.renditions],
        placeholder: media.placeholder,
        imageUri: media.imageUri,
        coverImageUri: media.coverImageUri,
        videoUri: media.videoUri,
        hlsUri: media.hlsUri,
        width: media.width,
        height: media.height,
        altText: item.media.altText,
      },
    };
  });
}
