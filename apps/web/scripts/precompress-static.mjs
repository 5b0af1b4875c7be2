#!/usr/bin/env node
// Compresses the build's static files once, at the highest levels, beside the originals (`x.js` gets `x.js.br`
// and `x.js.gz`): the server sends these as they are (apps/api/src/web/mount.ts) instead of compressing every cold
// fetch of the same content-hashed file again, at the low level a per-request compressor can afford.
// Run by `npm run build` after `next build`; reads NEXT_DIST_DIR as next.config.ts does.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(js|css|svg|json|txt)$/;
/** Below this, the encoding's header and the client's work outweigh the bytes saved. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const webDir = fileURLToPath(new URL('..', import.meta.url));
const staticDir = join(webDir, process.env.NEXT_DIST_DIR ?? '.next', 'static');

const files = (await readdir(staticDir, { recursive: true }))
  .map((name) => join(staticDir, name))
  .filter((file) => compressible.test(file));

let compressed = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    if ((await stat(file)).size < MIN_BYTES) return;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    compressed += 1;
    before += content.length;
    after += br.length;
  }),
);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${compressed} static files: ${kb(before)} → ${kb(after)} with brotli`);
