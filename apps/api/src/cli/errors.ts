/** A failure the operator can act on: printed as its message alone, with exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Exit codes: 0 done, 1 refused or failed, 2 bad arguments. */
export const EXIT_USAGE = 2;

/** The line printed for any failure: the message, never a stack trace (set DEBUG=1 to see one). */
export function describeFailure(error: unknown, debug: boolean): string {
  if (debug && error instanceof Error && error.stack) return error.stack;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return `cannot reach the database (${error.message})`;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
