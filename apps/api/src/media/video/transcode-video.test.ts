import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeJson, makeVideo } from '../../../test/support/video-clip.js';
import { MediaRejected } from '../media-rejected.js';
import { extractCoverFrame } from './cover-frame.js';
import { probeVideo, type VideoProbe } from './probe-video.js';
import { transcodeVideo } from './transcode-video.js';

const execFileAsync = promisify(execFile);
const limits = { maxDurationMs: 180_000, maxDimension: 3840, maxFrameRate: 60 };
const PRIVATE_METADATA = ['-metadata', 'title=secret', '-metadata', 'location=+48.85+002.29/'];
const DATED = ['-metadata', 'creation_time=2021-06-01T12:00:00Z'];

let dir: string;

async function ffmpeg(args: string[]) {
  await execFileAsync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** The top-level boxes of an MP4, in order. */
async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    boxes.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** A hash of the video packets as stored: equal when a stream was copied, not re-encoded. */
async function videoPacketsMd5(path: string): Promise<string> {
  const { stdout } = await execFileAsync('ffmpeg', [
    '-v',
    'error',
    '-i',
    path,
    '-map',
    '0:v',
    '-c',
    'copy',
    '-f',
    'md5',
    '-',
  ]);
  return stdout.trim();
}

const noFfmpegChildren = async () => {
  const { stdout } = await execFileAsync('ps', ['-o', 'comm=', '--ppid', String(process.pid)]).catch(() => ({
    stdout: '',
  }));
  return !stdout.split('\n').some((command) => command.trim() === 'ffmpeg');
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'civitas-transcode-'));
  // Not H.264 (MPEG-4 Part 2): it has to be re-encoded. It carries a title, a place and a date.
  await makeVideo(join(dir, 'camera.mp4'), {
    size: '1280x720',
    seconds: 10,
    sampleRate: 48_000,
    codecs: ['-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'aac'],
    extra: [...PRIVATE_METADATA, ...DATED],
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('transcodeVideo', () => {
  let probe: VideoProbe;

  it('turns a 10 s 720p video into a clean faststart MP4, HLS renditions and a cover', async () => {
    const source = join(dir, 'camera.mp4');
    const sourceTags = (await ffprobeJson(source)).format.tags;
    expect(sourceTags).toMatchObject({ title: 'secret', location: expect.stringContaining('+48.85') });

    probe = await probeVideo(source, { limits, timeoutMs: 15_000 });
    const progress: Record<string, number> = {};
    const work = join(dir, 'work');
    const video = await transcodeVideo(source, work, {
      probe,
      timeoutMs: 60_000,
      onProgress: (stage, percent) => {
        progress[stage] = Math.max(progress[stage] ?? 0, percent);
      },
    });
    expect(video).toMatchObject({ width: 1280, height: 720, durationMs: 10_000, passthrough: false });
    expect(progress.transcode).toBeGreaterThan(90);
    expect(progress.hls).toBeGreaterThan(90);

    const mp4 = await ffprobeJson(video.mp4);
    const [videoStream, audioStream] = mp4.streams;
    expect(mp4.streams).toHaveLength(2);
    expect(videoStream).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', width: 1280 });
    expect(audioStream).toMatchObject({ codec_name: 'aac' });
    const tags = JSON.stringify([mp4.format.tags, videoStream.tags, audioStream.tags]);
    for (const secret of ['secret', '48.85', 'location', 'title', 'creation_time', '2021']) {
      expect(tags).not.toContain(secret);
    }
    const boxes = await topLevelBoxes(video.mp4);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const master = await readFile(video.hlsMaster, 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.+)\n(.+)/g)];
    expect(variants.map(([, , uri]) => uri)).toEqual(['720p/index.m3u8', '360p/index.m3u8']);
    for (const [, attributes, uri] of variants) {
      expect(attributes).toMatch(/BANDWIDTH=\d+,.*RESOLUTION=\d+x\d+,.*CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
      const playlistPath = join(dirname(video.hlsMaster), uri ?? '');
      const playlist = await readFile(playlistPath, 'utf8');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThanOrEqual(3);
      for (const segment of segments) {
        expect(segment).toMatch(/^segment-\d{4}\.ts$/);
        expect(video.hlsFiles).toContain(join(dirname(playlistPath), segment));
      }
    }
    expect(master).toContain('RESOLUTION=640x360');
    expect(video.hlsFiles.every((file) => /\.(m3u8|ts)$/.test(file))).toBe(true);
    expect(await readdir(join(work))).toEqual(['hls', 'video.mp4']);

    const low = await ffprobeJson(join(dirname(video.hlsMaster), '360p', 'segment-0000.ts'));
    expect(low.streams.map((stream: { codec_name: string }) => stream.codec_name).sort()).toEqual(['aac', 'h264']);

    const png = await extractCoverFrame(source, { probe, timeoutMs: 15_000 });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 720]);
  });

  it('copies an H.264/AAC MP4 as it is, still faststart and without metadata', async () => {
    const source = join(dir, 'ready.mp4');
    await makeVideo(source, {
      size: '640x360',
      rate: 30,
      seconds: 5,
      sampleRate: 48_000,
      codecs: [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-b:v',
        '600k',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
      ],
      extra: PRIVATE_METADATA,
    });
    const ready = await probeVideo(source, { limits, timeoutMs: 15_000 });
    const video = await transcodeVideo(source, join(dir, 'ready'), { probe: ready, timeoutMs: 60_000 });
    expect(video.passthrough).toBe(true);
    expect(await videoPacketsMd5(video.mp4)).toBe(await videoPacketsMd5(source));
    const mp4 = await ffprobeJson(video.mp4);
    expect(JSON.stringify(mp4.format.tags ?? {})).not.toContain('secret');
    expect(mp4.format.tags?.location).toBeUndefined();
    const boxes = await topLevelBoxes(video.mp4);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // 360p: the copy plus one rendition at half its size.
    const master = await readFile(video.hlsMaster, 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=320x180');
  });

  it('turns a rotated phone video upright', async () => {
    const source = join(dir, 'portrait.mp4');
    await makeVideo(join(dir, 'landscape.mp4'), { size: '320x240', rate: 15, seconds: 2, sampleRate: 48_000 });
    await ffmpeg(['-i', join(dir, 'landscape.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', source]);
    const turned = await probeVideo(source, { limits, timeoutMs: 15_000 });
    const video = await transcodeVideo(source, join(dir, 'portrait'), { probe: turned, timeoutMs: 60_000 });
    expect(video).toMatchObject({ width: 240, height: 320, passthrough: false });
    const [stream] = (await ffprobeJson(video.mp4, ['-show_streams', '-select_streams', 'v'])).streams;
    expect([stream.width, stream.height]).toEqual([240, 320]);
    expect(JSON.stringify(stream.side_data_list ?? [])).not.toContain('rotation');
    const png = await extractCoverFrame(source, { probe: turned, timeoutMs: 15_000 });
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 320]);
  });

  it('kills ffmpeg at once when the job is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = transcodeVideo(join(dir, 'camera.mp4'), join(dir, 'aborted'), {
      probe,
      signal: controller.signal,
      timeoutMs: 60_000,
    });
    setTimeout(() => controller.abort(new Error('stopped by test')), 300);
    await expect(running).rejects.toThrow('stopped by test');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await noFfmpegChildren()).toBe(true);
  });

  it('refuses as PROCESSING_TIMEOUT when ffmpeg runs past the time limit, and kills it', async () => {
    const error = await transcodeVideo(join(dir, 'camera.mp4'), join(dir, 'slow'), { probe, timeoutMs: 300 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaRejected);
    expect((error as MediaRejected).code).toBe('PROCESSING_TIMEOUT');
    expect(await noFfmpegChildren()).toBe(true);
  });
});
