import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../test/support/free-port.js';
import { makeVideo } from '../../../test/support/video-clip.js';
import { MediaRejected } from '../media-rejected.js';
import { videoToolsAvailable } from './ffmpeg-binaries.js';
import { probeVideo, type VideoLimits } from './probe-video.js';
import { runTool, ToolMissing } from './run-tool.js';

const execFileAsync = promisify(execFile);
const limits: VideoLimits = { maxDurationMs: 180_000, maxDimension: 3840, maxFrameRate: 60, maxBytes: 512 * 1024 ** 2 };
const options = { limits, timeoutMs: 15_000 };

let dir: string;
let canary: Server;
let canaryRequests = 0;
let canaryUrl: string;

async function rejection(promise: Promise<unknown>): Promise<MediaRejected> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaRejected);
  const rejected = error as MediaRejected;
  // The author reads this: it must never reveal where the server keeps files.
  expect(rejected.message).not.toContain(dir);
  expect(rejected.message).not.toContain(tmpdir());
  return rejected;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'civitas-probe-'));
  canary = createServer((_request, response) => {
    canaryRequests += 1;
    response.end('#EXTM3U\n');
  });
  canaryUrl = `http://127.0.0.1:${await listenOnLoopback(canary)}`;
  // Made without +faststart: the index (moov) comes after the media, so half the file has no index.
  await makeVideo(join(dir, 'clip.mp4'), { size: '320x240', rate: 15, seconds: 2, sampleRate: 22_050 });
});

afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideo', () => {
  it('reads the facts of an MP4', async () => {
    const probe = await probeVideo(join(dir, 'clip.mp4'), options);
    expect(probe).toMatchObject({
      container: 'mov',
      width: 320,
      height: 240,
      frameRate: 15,
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
      rotation: 0,
    });
    expect(probe.durationMs).toBeGreaterThan(1900);
    expect(probe.durationMs).toBeLessThan(2200);
  });

  it('goes by the bytes, not the name: an MP4 called .webm is still an MP4', async () => {
    await copyFile(join(dir, 'clip.mp4'), join(dir, 'renamed.webm'));
    expect(await probeVideo(join(dir, 'renamed.webm'), options)).toMatchObject({ container: 'mov', width: 320 });
  });

  it('reports the displayed size of a rotated video', async () => {
    const rotated = join(dir, 'rotated.mp4');
    await execFileAsync(
      'ffmpeg',
      ['-v', 'error', '-y', '-i', join(dir, 'clip.mp4'), '-c', 'copy'].concat([
        '-metadata:s:v:0',
        'rotate=90',
        rotated,
      ]),
    );
    const probe = await probeVideo(rotated, options);
    expect([probe.width, probe.height]).toEqual([240, 320]);
    expect([90, 270]).toContain(probe.rotation);
  });

  it('measures a WebM that does not state its duration (as browsers record them)', async () => {
    const { stdout } = await runTool(
      'ffmpeg',
      [
        ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10', '-t', '3'],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-f', 'webm', 'pipe:1'],
      ],
      { timeoutMs: 15_000, maxStdoutBytes: 10_000_000 },
    );
    await writeFile(join(dir, 'live.webm'), stdout);
    const probe = await probeVideo(join(dir, 'live.webm'), options);
    expect(probe).toMatchObject({ container: 'matroska', videoCodec: 'vp8', audioCodec: null, width: 64 });
    expect(probe.durationMs).toBeGreaterThan(2500);
    expect(probe.durationMs).toBeLessThan(3500);
  });

  it('refuses a truncated video as damaged', async () => {
    const whole = await readFile(join(dir, 'clip.mp4'));
    await writeFile(join(dir, 'truncated.mp4'), whole.subarray(0, whole.length / 2));
    const rejected = await rejection(probeVideo(join(dir, 'truncated.mp4'), options));
    expect(rejected.code).toBe('CORRUPT_MEDIA');
    expect(rejected.statusCode).toBe(422);
  });

  it('refuses playlists and lists that point at files and URLs, without opening any of them', async () => {
    const local = join(dir, 'clip.mp4');
    const hostile = {
      'playlist.m3u8': `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${canaryUrl}/a.ts\n#EXTINF:2,\nfile:${local}\n#EXT-X-ENDLIST\n`,
      'list.ffconcat': `ffconcat version 1.0\nfile '${local}'\nfile '${canaryUrl}/b.mp4'\n`,
      'list.mp4': `ffconcat version 1.0\nfile '${canaryUrl}/c.mp4'\n`,
      'stream.sdp': `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\n`,
    };
    for (const [name, content] of Object.entries(hostile)) {
      await writeFile(join(dir, name), content);
      const rejected = await rejection(probeVideo(join(dir, name), options));
      expect(rejected.code, name).toBe('UNSUPPORTED_MEDIA');
      expect(rejected.statusCode).toBe(415);
    }
    expect(canaryRequests).toBe(0);
  });

  it('refuses a video longer than the limit', async () => {
    // 181 s at 1 frame a second and 32×32 pixels costs almost nothing to make.
    const long = await makeVideo(join(dir, 'long.mp4'), { size: '32x32', rate: 1, seconds: 181, sampleRate: 22_050 });
    expect((await rejection(probeVideo(long, options))).code).toBe('VIDEO_TOO_LONG');
    expect((await probeVideo(long, { ...options, limits: { ...limits, maxDurationMs: 200_000 } })).durationMs).toBe(
      181_000,
    );
  });

  it('refuses a frame larger than the limit', async () => {
    const wide = await makeVideo(join(dir, 'wide.mp4'), { size: '3856x32', rate: 1, seconds: 1, sampleRate: 22_050 });
    const rejected = await rejection(probeVideo(wide, options));
    expect(rejected.code).toBe('VIDEO_TOO_LARGE');
    expect(rejected.message).toContain('3856×32');
  });

  it('refuses more frames per second than the limit', async () => {
    const fast = await makeVideo(join(dir, 'fast.mp4'), { size: '32x32', rate: 120, seconds: 1, sampleRate: 22_050 });
    expect((await rejection(probeVideo(fast, options))).code).toBe('FRAME_RATE_TOO_HIGH');
  });

  it('refuses a video too small to be one', async () => {
    const tiny = await makeVideo(join(dir, 'tiny.mp4'), { size: '8x8', rate: 5, seconds: 1, sampleRate: 22_050 });
    expect((await rejection(probeVideo(tiny, options))).code).toBe('UNSUPPORTED_MEDIA');
  });

  it('refuses a file over the byte limit before reading it', async () => {
    const rejected = await rejection(
      probeVideo(join(dir, 'clip.mp4'), { ...options, limits: { ...limits, maxBytes: 1000 } }),
    );
    expect(rejected.code).toBe('FILE_TOO_LARGE');
  });

  it('answers VIDEO_UNAVAILABLE when ffprobe is missing', async () => {
    const tools = { ffprobePath: join(dir, 'no-such-ffprobe') };
    expect((await rejection(probeVideo(join(dir, 'clip.mp4'), { ...options, tools }))).code).toBe('VIDEO_UNAVAILABLE');
    expect(await videoToolsAvailable(tools)).toBe(false);
    expect(await videoToolsAvailable({})).toBe(true);
  });
});

describe('runTool', () => {
  it('tells a missing binary apart from a failing one', async () => {
    await expect(runTool(join(dir, 'missing'), [], { timeoutMs: 5000 })).rejects.toBeInstanceOf(ToolMissing);
  });

  it('kills a tool that writes more than it may', async () => {
    const flood = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-f', 'rawvideo', 'pipe:1'];
    await expect(runTool('ffmpeg', flood, { timeoutMs: 10_000, maxStdoutBytes: 1_000_000 })).rejects.toThrow(
      /stdout passed/,
    );
  });
});
