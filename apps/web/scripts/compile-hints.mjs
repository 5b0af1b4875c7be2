#!/usr/bin/env node
// Marks the build's scripts for eager compilation (ADR 038): V8 then compiles every function of a marked file
// while the file streams in, on a background thread, instead of compiling each module's code on the main thread
// the first time it runs, which was most of the framework's start-up task on a phone. Browsers that do not know
// the comment (anything but Chromium 136 and later) ignore it.
// Run by `npm run build` after `next build` and before precompress-static.mjs; reads NEXT_DIST_DIR as
// next.config.ts does. Running it twice leaves a file as it was after the first run.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** V8's explicit compile hint for a whole file: it must be the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const chunksDir = join(webDir, process.env.NEXT_DIST_DIR ?? '.next', 'static', 'chunks');

const scripts = (await readdir(chunksDir, { recursive: true }))
  .filter((name) => name.endsWith('.js'))
  .map((name) => join(chunksDir, name));

let marked = 0;
await Promise.all(
  scripts.map(async (file) => {
    const content = await readFile(file, 'utf8');
    if (content.startsWith(COMPILE_HINT)) return;
    await writeFile(file, COMPILE_HINT + content);
    marked += 1;
  }),
);
console.log(`Marked ${marked} of ${scripts.length} scripts for eager compilation`);
