import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUploadStorage } from './local-upload-storage.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'civitas-parts-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const storage = () => localUploadStorage(dataDir, (postId, uploadId) => `/parts/${postId}/${uploadId}`);
const etagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

describe('the embedded upload storage', () => {
  it('keeps one whole copy of a part sent twice at once, the one its listing and assembly agree on', async () => {
    const parts = storage();
    const first = Buffer.alloc(64 * 1024, 1);
    const second = Buffer.alloc(64 * 1024, 2);
    for (let round = 0; round < 30; round += 1) {
      const uploadId = `00000000-0000-4000-8000-${String(round).padStart(12, '0')}`;
      const answers = await Promise.all([
        parts.writePart(uploadId, 1, Readable.from([first]), first.length),
        parts.writePart(uploadId, 1, Readable.from([second]), second.length),
      ]);
      const listed = await parts.listParts(uploadId);
      expect(listed, `round ${round}`).toHaveLength(1);
      expect(answers.map((answer) => answer.etag)).toContain(listed[0]?.etag);
      const assembled = await readFile(await parts.assemble(uploadId, 1));
      expect(etagOf(assembled)).toBe(listed[0]?.etag);
      await parts.discard(uploadId);
    }
  });

  it('still reads a part stored under the earlier name, without an order', async () => {
    const parts = storage();
    const uploadId = '00000000-0000-4000-8000-100000000000';
    const bytes = Buffer.from('stored before the order was written');
    await parts.writePart(uploadId, 2, Readable.from([Buffer.from('x')]), 1);
    const dir = join(dataDir, 'uploads', uploadId);
    await writeFile(join(dir, `1-${etagOf(bytes)}.part`), bytes);
    expect(await parts.listParts(uploadId)).toEqual([
      { partNumber: 1, size: bytes.length, etag: etagOf(bytes) },
      expect.objectContaining({ partNumber: 2, size: 1 }),
    ]);
    // Sent again, the part replaces the earlier copy.
    const again = await parts.writePart(uploadId, 1, Readable.from([bytes]), bytes.length);
    expect((await readdir(dir)).filter((name) => name.startsWith('1-'))).toHaveLength(1);
    expect((await parts.listParts(uploadId))[0]).toEqual(again);
  });
});
