import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs one command line in-process, as `civitas <args>` would, capturing what it prints. */
export async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    env,
    out: (text) => {
      out += text.endsWith('\n') ? text : `${text}\n`;
    },
    err: (text) => {
      err += text.endsWith('\n') ? text : `${text}\n`;
    },
  });
  return { code, out, err };
}
