// Module hooks that let a plain `node` child process run the TypeScript sources (as vitest does in-process):
// `./x.js` imports resolve to `./x.ts` beside them, and .ts files are transpiled on load. Transpiled output is
// cached by content in the temp folder, so later runs skip loading the compiler at all.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = join(tmpdir(), 'civitas-ts-cache');
let typescript;

export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = readFileSync(fileName, 'utf8');
  const cached = join(
    cacheDir,
    `${createHash('sha256').update(fileName).update('\0').update(source).digest('hex')}.js`,
  );
  if (existsSync(cached)) return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
  typescript ??= (await import('typescript')).default;
  const { outputText } = typescript.transpileModule(source, {
    fileName,
    compilerOptions: { module: typescript.ModuleKind.ESNext, target: typescript.ScriptTarget.ES2022 },
  });
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${cached}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, outputText);
  renameSync(temporary, cached);
  return { format: 'module', source: outputText, shortCircuit: true };
}
