import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Routes, startRoutedServer } from '../testing/routed-server';
import { testStore } from '../testing/test-store';
import type { PartTransport } from './part-transport';
import { uploadCallsFor } from './upload-calls';
import { type UploadCalls, UploadFailed, uploadMedia } from './upload-media';

// The upload engine against a real HTTP server playing the API's upload protocol, through the real store for
// the JSON calls and its session keeping for every call, parts included. Parts go by Node's fetch here (Node has
// no XMLHttpRequest); the browser's XHR transport is exercised by the composer's browser journey.

const POST = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70';
const UPLOAD = '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71';
const PART_SIZE = 4;
const base = `/api/users/v1/creators-content/${POST}`;

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
let received: Map<number, number>;
/** The upload protocol's routes of this test's post. */
let protocol: Routes;
let partAnswers: ((partNumber: number) => 'ok' | 'hangUp' | 'storeThenHangUp' | 'tooLarge' | 'expired')[];

beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

const file = new File([new Uint8Array(10).fill(7)], 'photo.jpg', { type: 'image/jpeg' }); // parts of 4, 4, 2

beforeEach(() => {
  received = new Map();
  partAnswers = [];
  const parts = [1, 2, 3].map((partNumber) => ({
    partNumber,
    method: 'PUT',
    url: `${base}/uploads/${UPLOAD}/parts/${partNumber}`,
    size: partNumber < 3 ? PART_SIZE : 2,
  }));
  const partRoute = (partNumber: number) => () => {
    const answer = partAnswers.shift()?.(partNumber) ?? 'ok';
    if (answer === 'tooLarge')
      return { status: 413, json: { statusCode: 413, error: 'Payload Too Large', message: 'x' } };
    if (answer === 'expired') return { status: 401, json: { statusCode: 401, error: 'Unauthorized', message: 'x' } };
    if (answer !== 'hangUp') received.set(partNumber, parts[partNumber - 1]?.size ?? 0);
    if (answer !== 'ok') return { hangUp: true as const };
    return { status: 200, json: { partNumber, size: parts[partNumber - 1]?.size, etag: 'e' } };
  };
  protocol = {
    [`POST ${base}/image-upload/initiate`]: () => ({
      status: 201,
      json: { uploadId: UPLOAD, creatorsContentId: POST, partSize: PART_SIZE, partsCount: 3, parts, fileSize: 10 },
    }),
    [`PUT ${base}/uploads/${UPLOAD}/parts/1`]: partRoute(1),
    [`PUT ${base}/uploads/${UPLOAD}/parts/2`]: partRoute(2),
    [`PUT ${base}/uploads/${UPLOAD}/parts/3`]: partRoute(3),
    [`GET ${base}/uploads/${UPLOAD}/parts`]: () => ({
      status: 200,
      json: { parts: [...received].map(([partNumber, size]) => ({ partNumber, size, etag: 'e' })) },
    }),
    [`POST ${base}/image-upload/complete`]: () => ({ status: 202, json: { id: POST, status: 'processing' } }),
  };
  routed.setRoutes(protocol);
});

/** Node's fetch as the part transport (Node has no XMLHttpRequest); progress is reported once, at the end. */
const fetchTransport: PartTransport = async (url, bytes, onProgress, signal) => {
  try {
    const res = await fetch(url, {
      method: 'PUT',
      body: bytes,
      signal,
      headers: { 'content-type': 'application/octet-stream' },
    });
    onProgress(bytes.size);
    const data = await res.json();
    return res.ok ? { data } : { error: { status: res.status, data } };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
};

/** The app's upload calls, through a real store, its session keeping and the Node transport. */
const calls = (store = routed.citizenStore()): UploadCalls => uploadCallsFor(store.dispatch, POST, fetchTransport);

const partRequests = () => routed.server.paths().filter((path) => path.startsWith('PUT'));

describe('uploadMedia', () => {
  it('initiates, sends every part in order with progress to the whole size, then completes', async () => {
    routed.server.seen.length = 0;
    const progress: number[] = [];
    let initiated = '';
    const status = await uploadMedia(file, 'image-upload', calls(), {
      signal: new AbortController().signal,
      onProgress: (sent, total) => {
        expect(total).toBe(10);
        progress.push(sent);
      },
      onInitiated: (uploadId) => {
        initiated = uploadId;
      },
    });
    expect(status).toMatchObject({ status: 'processing' });
    expect(initiated).toBe(UPLOAD);
    expect(partRequests().map((path) => path.at(-1))).toEqual(['1', '2', '3']);
    expect(progress.at(-1)).toBe(10);
    expect(routed.server.seen[0]?.body).toEqual({ fileName: 'photo.jpg', fileSize: 10, contentType: 'image/jpeg' });
    expect(routed.server.seen.at(-1)?.body).toEqual({ uploadId: UPLOAD });
  });

  it('initiates an album item at its position; the first item (position 0) sends none, as a single post', async () => {
    routed.server.seen.length = 0;
    await uploadMedia(file, 'image-upload', calls(), { signal: new AbortController().signal, position: 3 });
    expect(routed.server.seen[0]?.body).toEqual({
      fileName: 'photo.jpg',
      fileSize: 10,
      contentType: 'image/jpeg',
      position: 3,
    });
    routed.server.seen.length = 0;
    await uploadMedia(file, 'image-upload', calls(), { signal: new AbortController().signal, position: 0 });
    expect(routed.server.seen[0]?.body).toEqual({ fileName: 'photo.jpg', fileSize: 10, contentType: 'image/jpeg' });
  });

  it('sends a part again after a network error, asking first what arrived', async () => {
    routed.server.seen.length = 0;
    partAnswers = [() => 'ok', () => 'hangUp', () => 'ok', () => 'ok'];
    await uploadMedia(file, 'image-upload', calls(), { signal: new AbortController().signal, retryIntervalMs: 5 });
    expect(routed.server.paths().filter((path) => !path.includes('initiate'))).toEqual([
      `PUT ${base}/uploads/${UPLOAD}/parts/1`,
      `PUT ${base}/uploads/${UPLOAD}/parts/2`,
      `GET ${base}/uploads/${UPLOAD}/parts`,
      `PUT ${base}/uploads/${UPLOAD}/parts/2`,
      `PUT ${base}/uploads/${UPLOAD}/parts/3`,
      `POST ${base}/image-upload/complete`,
    ]);
  });

  it('does not send again a part that arrived before the connection dropped', async () => {
    routed.server.seen.length = 0;
    partAnswers = [() => 'storeThenHangUp'];
    await uploadMedia(file, 'image-upload', calls(), { signal: new AbortController().signal, retryIntervalMs: 5 });
    expect(partRequests().map((path) => path.at(-1))).toEqual(['1', '2', '3']);
  });

  it('gives up after 5 retries of a part, and at once on an HTTP refusal', async () => {
    routed.server.seen.length = 0;
    partAnswers = Array.from({ length: 6 }, () => () => 'hangUp' as const);
    await expect(
      uploadMedia(file, 'image-upload', calls(), { signal: new AbortController().signal, retryIntervalMs: 5 }),
    ).rejects.toBeInstanceOf(UploadFailed);
    expect(partRequests()).toHaveLength(6);

    routed.server.seen.length = 0;
    partAnswers = [() => 'tooLarge'];
    const refused = uploadMedia(file, 'image-upload', calls(), {
      signal: new AbortController().signal,
      retryIntervalMs: 5,
    });
    await expect(refused).rejects.toMatchObject({ error: { status: 413 } });
    expect(partRequests()).toHaveLength(1);
  });

  it('keeps the session usable for the parts: refreshed before a part near expiry, and once after a 401', async () => {
    routed.server.seen.length = 0;
    let clock = Date.now();
    const cookies = (expiresAt: number) => `civitas_username=alice; civitas_session_expires=${expiresAt}`;
    const { store, world } = testStore(routed.server.url, { cookies: cookies(clock + 600_000), now: () => clock });
    routed.setRoutes({
      ...protocol,
      // As the real refresh does, the new expiry comes back in the readable cookie too.
      'POST /api/auth/refresh': () => {
        world.cookies = cookies(clock + 900_000);
        return { status: 200, json: { expiresAt: clock + 900_000 } };
      },
    });
    // After part 1 the token has 100 s left (under the 180 s margin); part 2 then meets a 401 once.
    partAnswers = [
      () => {
        clock += 500_000;
        return 'ok';
      },
      () => 'expired',
    ];
    await uploadMedia(file, 'image-upload', calls(store), { signal: new AbortController().signal });
    expect(routed.server.paths()).toEqual([
      `POST ${base}/image-upload/initiate`,
      `PUT ${base}/uploads/${UPLOAD}/parts/1`,
      'POST /api/auth/refresh',
      `PUT ${base}/uploads/${UPLOAD}/parts/2`,
      'POST /api/auth/refresh',
      `PUT ${base}/uploads/${UPLOAD}/parts/2`,
      `PUT ${base}/uploads/${UPLOAD}/parts/3`,
      `POST ${base}/image-upload/complete`,
    ]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    partAnswers = [() => 'hangUp'];
    const upload = uploadMedia(file, 'image-upload', calls(), { signal: controller.signal, retryIntervalMs: 10_000 });
    setTimeout(() => controller.abort(), 50);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});
