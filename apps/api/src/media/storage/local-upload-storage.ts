import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PartSizeMismatch, type StoredPart, type UploadStorage } from './upload-storage.js';

/**
 * A part is stored as <n>-<order>-<etag>.part, so listing tells the same etag as the answer to its PUT. A part
 * sent twice at once is two files for a moment: `order` (the time it was stored, then random) ranks them, the
 * highest stands for the part, and each write removes only the lower ones, so the last one stored always stays.
 * (Parts stored before the order was written, <n>-<etag>.part, rank lowest.)
 */
const PART_FILE = /^(\d+)-(?:([0-9a-z]{9}[0-9a-f]{8})-)?([0-9a-f]{32})\.part$/;
const ASSEMBLED = 'source';

const storeOrder = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(4).toString('hex')}`;

interface PartFile extends StoredPart {
  file: string;
  order: string;
}

const readPartName = (name: string) => {
  const match = PART_FILE.exec(name);
  return match ? { partNumber: Number(match[1]), order: match[2] ?? '', etag: match[3] ?? '' } : null;
};

/**
 * The embedded upload storage: DATA_DIR/uploads/<uploadId>/<n>.part, received through our own parts
 * endpoint. Nothing here is ever served (the media route serves DATA_DIR/media only).
 */
export function localUploadStorage(dataDir: string, partsUrl: (postId: string, uploadId: string) => string) {
  const root = resolve(dataDir, 'uploads');
  // Upload ids are UUIDs checked by the contract; this guards the path against anything else.
  const folder = (uploadId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new Error('not an upload id');
    return join(root, uploadId);
  };

  /** Each part's highest-ranked copy. */
  const partFiles = async (dir: string) => {
    const names = await readdir(dir).catch(() => [] as string[]);
    const parts = new Map<number, PartFile>();
    for (const name of names) {
      const part = readPartName(name);
      if (!part || (parts.get(part.partNumber)?.order ?? '') > part.order) continue;
      const file = join(dir, name);
      // A lower copy removed by a write finishing meanwhile is simply not there.
      const size = await stat(file).then(
        (found) => found.size,
        () => null,
      );
      if (size !== null) parts.set(part.partNumber, { ...part, size, file });
    }
    return parts;
  };

  /** Removes the copies of a part ranked below `order`, never a newer one another write has just stored. */
  const removeOlderCopies = async (dir: string, partNumber: number, order: string) => {
    for (const name of await readdir(dir)) {
      const part = readPartName(name);
      if (part?.partNumber === partNumber && part.order < order) await rm(join(dir, name), { force: true });
    }
  };

  const storage: UploadStorage = {
    partTarget: async ({ postId, uploadId }, partNumber, size) => ({
      partNumber,
      method: 'PUT',
      url: `${partsUrl(postId, uploadId)}/${partNumber}`,
      size,
    }),

    async writePart(uploadId, partNumber, body, expectedSize) {
      const dir = folder(uploadId);
      await mkdir(dir, { recursive: true });
      const temporary = join(dir, `${partNumber}.${randomBytes(6).toString('hex')}.tmp`);
      const hash = createHash('sha256');
      let received = 0;
      // Counts and hashes on the way through, and stops the stream as soon as it runs past the expected size.
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > expectedSize) return done(new PartSizeMismatch(expectedSize, received));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, meter, createWriteStream(temporary));
        if (received !== expectedSize) throw new PartSizeMismatch(expectedSize, received);
        const etag = hash.digest('hex').slice(0, 32);
        const order = storeOrder();
        await rename(temporary, join(dir, `${partNumber}-${order}-${etag}.part`));
        await removeOlderCopies(dir, partNumber, order);
        return { partNumber, size: received, etag };
      } catch (error) {
        await rm(temporary, { force: true });
        body.resume(); // drain what the client still sends, so the answer reaches it
        throw error;
      }
    },

    async listParts(uploadId) {
      const parts = await partFiles(folder(uploadId));
      return [...parts.values()]
        .map(({ partNumber, size, etag }) => ({ partNumber, size, etag }))
        .sort((a, b) => a.partNumber - b.partNumber);
    },

    async assemble(uploadId, partsCount) {
      const dir = folder(uploadId);
      const target = join(dir, ASSEMBLED);
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const parts = await partFiles(dir);
      try {
        // One part after the other into one file, each streamed (never a whole part in memory).
        for (let part = 1; part <= partsCount; part += 1) {
          const file = parts.get(part)?.file;
          if (!file) throw new Error(`part ${part} is missing`);
          await pipeline(createReadStream(file), createWriteStream(temporary, { flags: part === 1 ? 'w' : 'a' }));
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      for (const { file } of parts.values()) await rm(file, { force: true });
      return target;
    },

    assembledFile: async (uploadId) => join(folder(uploadId), ASSEMBLED),

    async discard(uploadId) {
      await rm(folder(uploadId), { recursive: true, force: true });
    },

    // A folder's time moves with every part stored in it or removed from it.
    async storedUploadsBefore(before) {
      const stored: string[] = [];
      for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isDirectory() || !/^[0-9a-f-]{36}$/.test(entry.name)) continue;
        const modified = await stat(join(root, entry.name)).then(
          (found) => found.mtimeMs,
          () => null,
        );
        if (modified !== null && modified < before) stored.push(entry.name);
      }
      return stored;
    },
  };
  return storage;
}
