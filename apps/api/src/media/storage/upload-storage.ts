import type { Readable } from 'node:stream';

export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** Where the client sends one part of an upload. */
export interface PartTarget {
  partNumber: number;
  method: 'PUT';
  /** Origin-relative for our own parts endpoint; an absolute presigned URL for object storage. */
  url: string;
  size: number;
}

export interface UploadRef {
  postId: string;
  uploadId: string;
}

/**
 * Holds the parts of multipart uploads until they are assembled or discarded. The routes and the media jobs
 * talk only to this interface: the embedded driver keeps parts under DATA_DIR/uploads and receives them
 * through our parts endpoint; an object-storage driver would answer presigned part URLs instead, with
 * `writePart` unused, and map assemble/discard onto its complete/abort calls.
 */
export interface UploadStorage {
  partTarget(upload: UploadRef, partNumber: number, size: number): PartTarget;
  /**
   * Streams one part to storage, never holding it whole in memory; fails with PartSizeMismatch when the
   * bytes are more or fewer than `expectedSize`. Sending a part again replaces it.
   */
  writePart(uploadId: string, partNumber: number, body: Readable, expectedSize: number): Promise<StoredPart>;
  listParts(uploadId: string): Promise<StoredPart[]>;
  /** Joins parts 1..partsCount into one file and drops the parts; answers that file's local path. */
  assemble(uploadId: string, partsCount: number): Promise<string>;
  /** The local path of an assembled upload, for processing (it exists after `assemble`). */
  assembledPath(uploadId: string): string;
  /** Removes every byte of an upload, parts and assembled file alike. Idempotent. */
  discard(uploadId: string): Promise<void>;
}

/** A part whose bytes were not the size the upload's part layout requires. */
export class PartSizeMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`expected ${expected} bytes, received ${received > expected ? 'more' : received}`);
  }
}
