#!/usr/bin/env node
// Publishing, measured against a running server (ADR 009; docs/design.md §8, media):
//   - upload throughput over loopback and time from complete to ready, for a 12 MP JPEG and a 60 s 1080p video
//     that needs transcoding (made here with sharp and ffmpeg);
//   - the server's memory while it receives a 500 MB upload (sampled from /proc/<pid>/status every 100 ms).
// Usage: BENCH_TOKEN=<citizen token> [SERVER_PID=<pid>] node bench/media/publish.mjs http://localhost:3000
// (a token: `npm run cli -- mint-token --username alice`; the server's pid: `pgrep -f apps/api/dist/main.js`).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { residentKb } from '../process-stats.mjs';

const origin = process.argv[2] ?? 'http://localhost:3000';
const token = process.env.BENCH_TOKEN;
if (!token) {
  console.error('set BENCH_TOKEN to a citizen token (npm run cli -- mint-token --username alice)');
  process.exit(2);
}
const serverPid = process.env.SERVER_PID;
const only = process.env.BENCH_ONLY?.split(',');
const headers = { authorization: `Bearer ${token}` };
const work = mkdtempSync(join(tmpdir(), 'civitas-bench-media-'));

async function call(method, path, body) {
  const res = await fetch(new URL(path, origin), {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const rssKb = () => (serverPid ? residentKb(serverPid) : 0);

/** Creates a post, uploads `bytes` (a Buffer, or a function answering part n) and completes; answers timings. */
async function publish(mediaType, kind, size, partBytes, { completeIt = true } = {}) {
  const post = await call('POST', '/api/users/v7/creators-content', { mediaType, sharingOptions: 'private' });
  const upload = await call('POST', `/api/users/v1/creators-content/${post.id}/${kind}/initiate`, {
    fileName: `bench.${kind}`,
    fileSize: size,
  });
  let peakKb = rssKb();
  const sampler = setInterval(() => {
    peakKb = Math.max(peakKb, rssKb());
  }, 100);
  const startedSending = performance.now();
  for (const part of upload.parts) {
    const res = await fetch(new URL(part.url, origin), {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: partBytes(part.partNumber, upload.partSize, part.size),
    });
    if (!res.ok) throw new Error(`part ${part.partNumber}: ${res.status} ${await res.text()}`);
  }
  const sentMs = performance.now() - startedSending;
  clearInterval(sampler);
  if (!completeIt) {
    await call('POST', `/api/users/v1/creators-content/${post.id}/${kind}/abort/`, { uploadId: upload.uploadId });
    return { post, sentMs, peakKb };
  }
  const completing = performance.now();
  await call('POST', `/api/users/v1/creators-content/${post.id}/${kind}/complete`, { uploadId: upload.uploadId });
  let status;
  do {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await call('GET', `/api/users/creators-content/status/${post.id}`);
  } while (status.status === 'processing');
  if (status.status !== 'ready') throw new Error(`processing ended ${JSON.stringify(status)}`);
  return { post, sentMs, readyMs: performance.now() - completing, peakKb };
}

const slicer = (bytes) => (n, partSize, size) => bytes.subarray((n - 1) * partSize, (n - 1) * partSize + size);
const mbps = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);

try {
  if (!only || only.includes('jpeg')) {
    // A 12 MP photo-like JPEG: smooth gradients with grain, about what a phone camera writes.
    const [w, h] = [4000, 3000];
    const grain = await sharp(randomBytes(w * h), { raw: { width: w, height: h, channels: 1 } })
      .blur(0.6)
      .raw()
      .toBuffer();
    const jpeg = await sharp({ create: { width: w, height: h, channels: 3, background: '#6a8fb0' } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="${w}" height="${h}"><defs><linearGradient id="g"><stop offset="0" stop-color="#f4c27a"/><stop offset="1" stop-color="#2b4a6f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="2800" cy="900" r="600" fill="#fff3c4"/></svg>`,
          ),
        },
        { input: grain, raw: { width: w, height: h, channels: 1 }, blend: 'soft-light' },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await publish('image', 'image-upload', jpeg.length, slicer(jpeg)));
    const ready = runs.map((run) => run.readyMs).sort((a, b) => a - b);
    console.log(
      `12 MP JPEG (${(jpeg.length / 1024 / 1024).toFixed(1)} MB): complete → ready ${ready.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${ready[1].toFixed(0)}); upload ${mbps(jpeg.length, runs[1].sentMs)} MB/s`,
    );
  }
  if (!only || only.includes('video')) {
    const file = join(work, 'sixty.mov');
    // yuv444p H.264 is not what browsers play, so the pipeline must transcode (no stream copy).
    execFileSync('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30:duration=60',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=60',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv444p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    const video = readFileSync(file);
    const run = await publish('video', 'video-upload', video.length, slicer(video));
    console.log(
      `60 s 1080p30 video (${(video.length / 1024 / 1024).toFixed(0)} MB, yuv444p): complete → ready ${(run.readyMs / 1000).toFixed(1)} s; upload ${mbps(video.length, run.sentMs)} MB/s`,
    );
  }
  if (!only || only.includes('large')) {
    const size = 500 * 1024 * 1024;
    const chunk = randomBytes(8 * 1024 * 1024);
    const before = rssKb();
    const run = await publish('video', 'video-upload', size, (_n, _partSize, partSize) => chunk.subarray(0, partSize), {
      completeIt: false,
    });
    console.log(
      `500 MB upload: ${mbps(size, run.sentMs)} MB/s over loopback; server RSS ${(before / 1024).toFixed(0)} MB before, peak ${(run.peakKb / 1024).toFixed(0)} MB while receiving (+${((run.peakKb - before) / 1024).toFixed(0)} MB)${serverPid ? '' : ' (set SERVER_PID to sample memory)'}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
