import type { SendResult } from '../api/session-keeper';

/**
 * How one part's bytes travel: resolves like every other call (data, or an HTTP or FETCH_ERROR error) and
 * rejects with an AbortError when `signal` aborts. The browser's is `putPart`; tests pass one over Node's fetch.
 */
export type PartTransport = (
  url: string,
  bytes: Blob,
  onProgress: (loadedBytes: number) => void,
  signal: AbortSignal,
) => Promise<SendResult>;

/** A part whose bytes have not moved for this long is taken as a lost connection, and retried as one. */
export const STALL_MS = 30_000;

const networkError: SendResult = { error: { status: 'FETCH_ERROR', error: 'The connection failed' } };

/** Sends one part with XMLHttpRequest, the one browser API that reports upload progress. */
export const putPart: PartTransport = (url, bytes, onProgress, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    const aborted = () => xhr.abort();
    signal.addEventListener('abort', aborted, { once: true });
    const done = (result: SendResult) => {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', aborted);
      resolve(result);
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      watch();
      onProgress(event.loaded);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's page: kept as text
      }
      done(xhr.status >= 200 && xhr.status < 300 ? { data } : { error: { status: xhr.status, data } });
    };
    xhr.onerror = () => done(networkError);
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      if (stalled) return done(networkError);
      clearTimeout(watchdog);
      signal.removeEventListener('abort', aborted);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    if (signal.aborted) return xhr.abort();
    watch();
    xhr.send(bytes);
  });
