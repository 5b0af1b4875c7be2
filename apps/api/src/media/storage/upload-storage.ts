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
  /** When the upload expires (ms since the epoch): a part's URL need not outlive it. */
  expiresAt: number;
}

/**
 * Holds the parts of multipart uploads until they are assembled or discarded. The routes and the media jobs
 * talk only to this interface: the embedded driver keeps parts under DATA_DIR/uploads and receives them
 * through our parts endpoint; the object-storage driver (ADR 021) answers presigned part URLs the browser
 * sends straight to the bucket, and fetches the bytes to a local file when processing needs them.
 */
export interface UploadStorage {
  /**
   * Parts go straight to the storage by addresses handed out in advance (presigned URLs), which stay valid until
   * they expire, whatever becomes of the upload: an aborted or refused upload can still be filled.
   */
  readonly partsBypassTheServer?: boolean;
  partTarget(upload: UploadRef, partNumber: number, size: number): Promise<PartTarget>;
  /**
   * Streams one part to storage, never holding it whole in memory; fails with PartSizeMismatch when the
   * bytes are more or fewer than `expectedSize`. Sending a part again replaces it.
   */
  writePart(uploadId: string, partNumber: number, body: Readable, expectedSize: number): Promise<StoredPart>;
  listParts(uploadId: string): Promise<StoredPart[]>;
  /** Joins parts 1..partsCount into one file; answers that file's local path (for inspection and processing). */
  assemble(uploadId: string, partsCount: number): Promise<string>;
  /**
   * The local path of an assembled upload, for processing. The embedded driver's file exists after `assemble`;
   * the object-storage driver fetches the bytes again on a machine that does not hold them (another worker).
   */
  assembledFile(uploadId: string, partsCount: number): Promise<string>;
  /** Removes every byte of an upload, parts and assembled file alike. Idempotent. */
  discard(uploadId: string): Promise<void>;
  /**
   * Uploads whose bytes are still stored, last written before `before`: the sweeper discards those the database
   * no longer keeps (a crash between the two, a row removed, a part that arrived as its upload was given up).
   */
  storedUploadsBefore?(before: number): Promise<string[]>;
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
