import type { InitiatedUpload, PostStatusView, UploadKind } from '@civitas/contract';
import type { ApiError } from '../api/errors';
import type { SendResult } from '../api/session-keeper';

type PartTarget = InitiatedUpload['parts'][number];
export interface ReceivedPart {
  partNumber: number;
  size: number;
}

/** The calls an upload makes; the store's (upload-calls.ts) in the app, a test server's in the tests. */
export interface UploadCalls {
  initiate(
    kind: UploadKind,
    file: { fileName: string; fileSize: number; contentType?: string; position?: number },
  ): Promise<SendResult>;
  listParts(uploadId: string): Promise<SendResult>;
  sendPart(
    part: PartTarget,
    bytes: Blob,
    onProgress: (loadedBytes: number) => void,
    signal: AbortSignal,
  ): Promise<SendResult>;
  complete(kind: UploadKind, uploadId: string): Promise<SendResult>;
}

/** A call answered with an error the upload cannot get past (an HTTP refusal, or the network after 5 tries). */
export class UploadFailed extends Error {
  constructor(readonly error: ApiError) {
    super(`upload failed: ${String(error.status)}`);
  }
}

export interface UploadOptions {
  signal: AbortSignal;
  /**
   * The album item the file is for (ADR 086): 0, the default, for the first (or only) one; a video's cover goes
   * at its video's position. Sent only when it is not 0, so a single post's calls are as they always were.
   */
  position?: number;
  /** Bytes sent so far (parts received by the server plus the part in flight), of the file's size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** As soon as the server has given the upload an id: what an abort must name. */
  onInitiated?: (uploadId: string) => void;
  /** docs/product.md §9: at most 5 retries, 3000 ms after a network error. */
  maxRetries?: number;
  retryIntervalMs?: number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });

const unwrap = <T>(result: SendResult): T => {
  if (result.error) throw new UploadFailed(result.error);
  return result.data as T;
};

/**
 * One file through the multipart protocol (ADR 009): initiate, the parts in order, complete. A part that
 * meets a network error is sent again after `retryIntervalMs`, at most `maxRetries` times; before sending
 * it again the upload asks which parts arrived, so a part that got through before the connection dropped
 * is not sent twice. Any HTTP error is final. Answers the post's status after complete. An album's item is
 * uploaded at its `position`.
 */
export async function uploadMedia(
  file: File,
  kind: UploadKind,
  calls: UploadCalls,
  options: UploadOptions,
): Promise<PostStatusView> {
  const maxRetries = options.maxRetries ?? 5;
  const retryIntervalMs = options.retryIntervalMs ?? 3000;
  const upload = unwrap<InitiatedUpload>(
    await calls.initiate(kind, {
      fileName: file.name || 'upload',
      fileSize: file.size,
      ...(file.type ? { contentType: file.type } : {}),
      ...(options.position ? { position: options.position } : {}),
    }),
  );
  options.onInitiated?.(upload.uploadId);
  let received = 0;
  const report = (inFlight: number) => options.onProgress?.(received + inFlight, file.size);
  report(0);
  for (const part of upload.parts) {
    const start = (part.partNumber - 1) * upload.partSize;
    const bytes = file.slice(start, start + part.size);
    for (let attempt = 0; ; attempt += 1) {
      const result = await calls.sendPart(part, bytes, report, options.signal);
      if (!result.error) break;
      if (result.error.status !== 'FETCH_ERROR' || attempt >= maxRetries) throw new UploadFailed(result.error);
      await wait(retryIntervalMs, options.signal);
      const listed = await calls.listParts(upload.uploadId);
      const parts = (listed.data as { parts?: ReceivedPart[] } | undefined)?.parts ?? [];
      if (parts.some((got) => got.partNumber === part.partNumber && got.size === part.size)) break;
    }
    received += part.size;
    report(0);
  }
  return unwrap<PostStatusView>(await calls.complete(kind, upload.uploadId));
}
