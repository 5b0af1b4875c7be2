/** Where a command writes and what environment it reads; swapped in tests. */
export interface CliIo {
  /** Results (what a script would capture). */
  out(text: string): void;
  /** Progress, notices and errors. */
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  env: process.env,
};
