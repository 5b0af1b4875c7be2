import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffprobeOf } from './ffmpeg-binaries.js';
import type { FfmpegRun } from './run-ffmpeg.js';
import { runTool } from './run-tool.js';

export interface HlsRenditionFiles {
  /** Folder of the rendition below the HLS root, e.g. `720p`. */
  dir: string;
  width: number;
  height: number;
}

interface Segment {
  file: string;
  seconds: number;
}

/** The segments a VOD playlist written by ffmpeg lists; each must be a plain name beside the playlist. */
async function segmentsOf(playlist: string): Promise<Segment[]> {
  const lines = (await readFile(playlist, 'utf8')).split('\n').map((line) => line.trim());
  const segments: Segment[] = [];
  let seconds = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      if (!/^[\w.-]+\.ts$/.test(line)) throw new Error(`unexpected HLS segment name ${line}`);
      segments.push({ file: line, seconds });
    }
  }
  if (segments.length === 0) throw new Error(`no segments in ${playlist}`);
  return segments;
}

const AVC_PROFILES: Record<string, string> = {
  'Constrained Baseline': '42e0',
  Baseline: '4200',
  Main: '4d00',
  High: '6400',
};
const AAC_OBJECT_TYPES: Record<string, string> = { LC: '2', 'HE-AAC': '5', 'HE-AACv2': '29' };

/** The RFC 6381 CODECS of a segment (what players check before choosing a rendition). */
async function codecsOf(segment: string, run: FfmpegRun): Promise<string> {
  const { stdout } = await runTool(
    ffprobeOf(run.tools),
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      'mpegts',
      '-i',
      `file:${segment}`,
      '-show_streams',
      '-of',
      'json',
    ],
    { timeoutMs: Math.max(1, run.deadline - Date.now()), signal: run.signal },
  );
  const streams: { codec_type?: string; profile?: string; level?: number }[] =
    JSON.parse(stdout.toString('utf8')).streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const level = (video?.level ?? 40).toString(16).padStart(2, '0');
  const avc = `avc1.${AVC_PROFILES[video?.profile ?? ''] ?? '6400'}${level}`;
  return audio ? `${avc},mp4a.40.${AAC_OBJECT_TYPES[audio.profile ?? ''] ?? '2'}` : avc;
}

/**
 * Writes master.m3u8 in `hlsRoot` listing the renditions, best first. BANDWIDTH is the peak segment rate
 * (what RFC 8216 asks for, so a player does not pick a rendition its network cannot sustain), measured from
 * the segments written rather than from encoder settings.
 */
export async function writeHlsMaster(
  hlsRoot: string,
  renditions: HlsRenditionFiles[],
  frameRate: number,
  run: FfmpegRun,
): Promise<string> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const dir = join(hlsRoot, rendition.dir);
    const segments = await segmentsOf(join(dir, 'index.m3u8'));
    let peak = 0;
    let bits = 0;
    let seconds = 0;
    for (const segment of segments) {
      const segmentBits = (await stat(join(dir, segment.file))).size * 8;
      bits += segmentBits;
      seconds += segment.seconds;
      if (segment.seconds > 0.5) peak = Math.max(peak, segmentBits / segment.seconds);
    }
    const average = Math.ceil(bits / Math.max(seconds, 0.001));
    const codecs = await codecsOf(join(dir, segments[0]?.file ?? ''), run);
    const attributes = [
      `BANDWIDTH=${Math.ceil(Math.max(peak, average))}`,
      `AVERAGE-BANDWIDTH=${average}`,
      `RESOLUTION=${rendition.width}x${rendition.height}`,
      ...(frameRate > 0 ? [`FRAME-RATE=${frameRate.toFixed(3)}`] : []),
      `CODECS="${codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${rendition.dir}/index.m3u8`);
  }
  const master = join(hlsRoot, 'master.m3u8');
  await writeFile(master, `${lines.join('\n')}\n`);
  return master;
}
