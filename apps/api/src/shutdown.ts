import type { EventEmitter } from 'node:events';

export interface ShutdownOptions {
  /** The steps of a clean stop: stop taking work, let work in progress finish, close the database. */
  stop: () => Promise<void>;
  /** Past this, the process exits anyway (code 1). */
  timeoutMs: number;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  /** Where the signals come from (the process; a plain emitter in unit tests). */
  signals?: EventEmitter;
  exit?: (code: number) => void;
}

/**
 * Runs `stop` once on the first SIGTERM or SIGINT and exits 0 when it is done, 1 if it fails or outlasts
 * `timeoutMs`. Later signals are logged and otherwise ignored: the handlers stay installed, so a second Ctrl-C or
 * an impatient supervisor's repeated SIGTERM never kills the process half-way through the drain by Node's
 * default action (the deadline still bounds it). Killing a process is safe for the data either way (ADR 015);
 * draining is about the requests in flight getting their answers.
 */
export function exitOnSignals(options: ShutdownOptions): void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) {
      options.log.info(`${signal} received while shutting down; still draining (at most ${options.timeoutMs} ms)`);
      return;
    }
    stopping = true;
    options.log.info(`${signal} received: finishing the work in progress, then exiting`);
    const deadline = setTimeout(() => {
      options.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_MS (${options.timeoutMs} ms); exiting anyway`);
      exit(1);
    }, options.timeoutMs);
    options.stop().then(
      () => {
        clearTimeout(deadline);
        options.log.info('shut down cleanly');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        options.log.error('shutdown failed', error);
        exit(1);
      },
    );
  };
  signals.on('SIGTERM', () => onSignal('SIGTERM'));
  signals.on('SIGINT', () => onSignal('SIGINT'));
}
