#!/usr/bin/env node
// Publishes, through a running demo server's own calls, the post issue 52 measures the post page with: alice's
// album of ten pictures (drawn as the demo's are, 1080 × 1350, each uploaded at its position and processed by the
// server's worker) with twenty comments of the other demo citizens under it, every fourth a reply. Prints its id,
// for `node bench/web/lighthouse.mjs <origin> --pages post --post <id>`.
// Usage: DATA_DIR=<the server's> PUBLIC_URL=<its origin> node bench/web/album-post.mjs <origin>
import { mintToken } from '../../apps/api/dist/cli/commands/mint-token.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { closeContext, createContext } from '../../apps/api/dist/create-context.js';
import { paletteNames, renderJpeg, sceneKinds, sceneSvg } from '../../apps/api/dist/seed/artwork.js';

const origin = process.argv[2];
if (!origin) {
  console.error('usage: DATA_DIR=... PUBLIC_URL=... node bench/web/album-post.mjs <origin>');
  process.exit(2);
}
const ITEMS = 10;
const COMMENTS = 20;
const commenters = ['bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'];

const ctx = await createContext(loadConfig(process.env));
const tokens = {};
try {
  for (const name of ['alice', ...commenters]) {
    tokens[name] = await mintToken(ctx, { kind: 'citizen', username: name }, 3_600);
  }
} finally {
  await closeContext(ctx);
}

async function call(method, path, who, body) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const post = await call('POST', '/api/users/v7/creators-content', 'alice', {
  mediaType: 'image',
  caption: 'Ten frames from the coast path, in order. #hiking #coast',
  sharingOptions: 'public',
  altText: 'Item 1 of the walk',
  moreMedia: Array.from({ length: ITEMS - 1 }, (_, i) => ({
    mediaType: 'image',
    altText: `Item ${i + 2} of the walk`,
  })),
});
for (let position = 0; position < ITEMS; position++) {
  const { bytes } = await renderJpeg(
    sceneSvg({
      scene: sceneKinds[position % sceneKinds.length],
      palette: paletteNames[position % paletteNames.length],
      width: 1080,
      height: 1350,
      seed: `album-bench-${position}`,
    }),
  );
  const base = `/api/users/v1/creators-content/${post.id}`;
  const upload = await call('POST', `${base}/image-upload/initiate`, 'alice', {
    fileName: `walk-${position + 1}.jpg`,
    fileSize: bytes.length,
    contentType: 'image/jpeg',
    position,
  });
  for (const part of upload.parts) {
    const offset = (part.partNumber - 1) * upload.partSize;
    const res = await fetch(new URL(part.url, origin), {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokens.alice}`, 'content-type': 'application/octet-stream' },
      body: bytes.subarray(offset, offset + part.size),
    });
    if (!res.ok) throw new Error(`part ${part.partNumber}: ${res.status} ${await res.text()}`);
  }
  await call('POST', `${base}/image-upload/complete`, 'alice', { uploadId: upload.uploadId });
}
for (let waited = 0; ; waited++) {
  const status = await call('GET', `/api/users/creators-content/status/${post.id}`, 'alice');
  if (status.status === 'ready') break;
  if (status.status === 'failed' || waited > 600)
    throw new Error(`the album did not become ready: ${JSON.stringify(status)}`);
  await new Promise((resolve) => setTimeout(resolve, 200));
}
let previous = null;
for (let i = 0; i < COMMENTS; i++) {
  const who = commenters[i % commenters.length];
  const parentId = i % 4 === 3 ? previous : undefined;
  const comment = await call('POST', `/api/users/v1/creators-content/${post.id}/comments`, who, {
    text: `Frame ${(i % ITEMS) + 1} is my favourite, the light on the water! #coast`,
    ...(parentId ? { parentId } : {}),
  });
  previous = comment.id;
}
console.log(post.id);
