import { fileURLToPath } from 'node:url';

const typescriptHooks = fileURLToPath(new URL('./run-typescript.mjs', import.meta.url));

/**
 * The arguments that make a plain `node` process run `script` (a TypeScript file) and what it imports straight
 * from the sources, as vitest does in-process, followed by `args`.
 */
export const fromSources = (script: string, ...args: string[]): string[] => [
  '--conditions=civitas-source',
  '--import',
  typescriptHooks,
  script,
  ...args,
];
