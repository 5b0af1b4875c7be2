import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface ToolRun {
  /** Everything the tool wrote on stdout, unless it was only streamed (`keepStdout: false`). */
  stdout: Buffer;
  /** The last few KB of stderr, for logs; never shown to the author (it holds server paths). */
  stderrTail: string;
}

export interface RunToolOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Sees stdout line by line as it arrives (ffmpeg's `-progress pipe:1`). */
  onStdoutLine?: ((line: string) => void) | undefined;
  /** False for long runs whose stdout is only streamed; true by default. */
  keepStdout?: boolean | undefined;
  /** More stdout than this is treated as a failure (a hostile file must not fill the server's memory). */
  maxStdoutBytes?: number | undefined;
}

/** The tool exited with an error. For logs only: the stderr tail may name server paths. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(`${tool} exited with ${exitCode}: ${stderrTail.slice(-500)}`);
  }
}

/** The tool ran past its time limit and was killed. */
export class ToolTimedOut extends Error {}

/** The binary could not be started (not installed, or FFMPEG_PATH/FFPROBE_PATH point nowhere). */
export class ToolMissing extends Error {}

const STDERR_TAIL_BYTES = 4096;
const DEFAULT_MAX_STDOUT_BYTES = 8 * 1024 * 1024;
// SIGKILL cannot be caught, so the exit follows at once; this only guards against a kernel that never reports it.
const EXIT_AFTER_KILL_MS = 5_000;

/**
 * Runs a binary with an argument array (never a shell) and no stdin. Past the wall-clock timeout, or when the
 * signal aborts, the process gets SIGKILL and the promise rejects once it has exited, so no child outlives a
 * rejected run.
 */
export function runTool(binary: string, args: readonly string[], options: RunToolOptions): Promise<ToolRun> {
  const tool = basename(binary);
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT_BYTES;
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    const decoder = new StringDecoder('utf8');
    let pendingLine = '';
    let stderrTail = '';
    let killedFor: unknown = null;
    let settled = false;

    const settle = (error: unknown, run?: ToolRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (run) resolve(run);
      else reject(error);
    };
    const kill = (reason: unknown) => {
      if (killedFor) return;
      killedFor = reason;
      child.kill('SIGKILL');
      setTimeout(() => settle(reason), EXIT_AFTER_KILL_MS).unref();
    };
    const onAbort = () => kill(options.signal?.reason ?? new Error('aborted'));
    const timer = setTimeout(
      () => kill(new ToolTimedOut(`${tool} ran past ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) kill(new ToolFailed(tool, null, `stdout passed ${maxStdout} bytes`));
      else if (options.keepStdout !== false) stdoutChunks.push(chunk);
      if (!options.onStdoutLine) return;
      const lines = (pendingLine + decoder.write(chunk)).split('\n');
      pendingLine = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(error.code === 'ENOENT' || error.code === 'EACCES' ? new ToolMissing(`${tool}: ${error.code}`) : error);
    });
    child.on('close', (code) => {
      if (killedFor) settle(killedFor);
      else if (code === 0) settle(null, { stdout: Buffer.concat(stdoutChunks), stderrTail });
      else settle(new ToolFailed(tool, code, stderrTail));
    });
  });
}
