import { resolve } from 'node:path';
import type { VideoContainer } from '@civitas/contract';

/**
 * The input options every ffmpeg and ffprobe run on an upload uses: only local files may be opened (a
 * playlist or data reference inside the file cannot reach a URL or another protocol), the demuxer is the one
 * the bytes were sniffed as (never guessed from content or name), MOV's external data references stay off,
 * and probing reads a bounded amount. The `file:` prefix keeps a path from being read as a protocol.
 */
export function safeInput(container: VideoContainer, path: string): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-probesize',
    '20000000',
    '-analyzeduration',
    '20000000',
    '-f',
    container,
    ...(container === 'mov' ? ['-enable_drefs', '0'] : []),
    '-i',
    `file:${resolve(path)}`,
  ];
}

/** Options every ffmpeg run starts with: no stdin, no banner, only errors on stderr, overwrite outputs. */
export const FFMPEG_QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/** What an output may carry: no global or stream metadata (title, place, dates, device) and no chapters. */
export const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];
