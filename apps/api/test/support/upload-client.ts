import type { PostStatusView, PostView } from '@civitas/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, Who } from './harness.js';

/**
 * These calls over an app built outside the harness (a test's own instance): `as` is then the bearer token
 * itself.
 */
export const withBearer = (app: FastifyInstance) =>
  ({
    request: ({ as, headers, ...rest }: Parameters<TestApp['request']>[0]) =>
      app.inject({ ...rest, headers: { ...headers, authorization: `Bearer ${as}` } }),
  }) as TestApp;

export type Kind = 'image-upload' | 'video-cover-image-upload' | 'video-upload';

/** Where the upload calls of a post begin. */
export const uploadBase = (postId: string) => `/api/users/v1/creators-content/${postId}`;

/** A post waiting for its media, made through the API. */
export async function createDraft(
  t: TestApp,
  who: Who | string,
  body: Partial<{
    mediaType: 'image' | 'video';
    caption: string;
    sharingOptions: 'public' | 'private';
    altText: string;
    moreMedia: { mediaType: 'image' | 'video'; altText?: string }[];
  }> = {},
): Promise<PostView> {
  const res = await t.request({
    method: 'POST',
    url: '/api/users/v7/creators-content',
    as: who,
    payload: { mediaType: 'image', sharingOptions: 'public', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const initiate = (
  t: TestApp,
  who: Who | string,
  postId: string,
  kind: Kind,
  body: { fileName?: string; fileSize: number; contentType?: string; position?: number },
) =>
  t.request({
    method: 'POST',
    url: `${uploadBase(postId)}/${kind}/initiate`,
    as: who,
    payload: { fileName: 'file.bin', ...body },
  });

export const sendPart = (t: TestApp, who: Who | string, url: string, bytes: Buffer) =>
  t.request({ method: 'PUT', url, as: who, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });

export const listParts = (t: TestApp, who: Who | string, postId: string, uploadId: string) =>
  t.request({ method: 'GET', url: `${uploadBase(postId)}/uploads/${uploadId}/parts`, as: who });

export const complete = (t: TestApp, who: Who | string, postId: string, kind: Kind, uploadId: string) =>
  t.request({ method: 'POST', url: `${uploadBase(postId)}/${kind}/complete`, as: who, payload: { uploadId } });

export const abort = (t: TestApp, who: Who | string, postId: string, kind: Kind, uploadId: string) =>
  t.request({ method: 'POST', url: `${uploadBase(postId)}/${kind}/abort/`, as: who, payload: { uploadId } });

export const statusOf = async (t: TestApp, who: Who | string, postId: string) =>
  t.request({ method: 'GET', url: `/api/users/creators-content/status/${postId}`, as: who });

export interface Initiated {
  uploadId: string;
  partSize: number;
  partsCount: number;
  parts: { partNumber: number; method: 'PUT'; url: string; size: number }[];
}

/** Initiates, sends every part in order and completes; answers the complete response. */
export async function uploadWhole(
  t: TestApp,
  who: Who | string,
  postId: string,
  kind: Kind,
  bytes: Buffer,
  contentType?: string,
  /** The album item it is for (ADR 086); the first by default. */
  position?: number,
) {
  const started = await initiate(t, who, postId, kind, {
    fileSize: bytes.length,
    ...(contentType ? { contentType } : {}),
    ...(position === undefined ? {} : { position }),
  });
  expect(started.statusCode, started.body).toBe(201);
  const upload: Initiated = started.json();
  for (const part of upload.parts) {
    const offset = (part.partNumber - 1) * upload.partSize;
    const sent = await sendPart(t, who, part.url, bytes.subarray(offset, offset + part.size));
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return { upload, completed: await complete(t, who, postId, kind, upload.uploadId) };
}

/** Polls the status until it leaves `processing` (or the time runs out). */
export async function settledStatus(
  t: TestApp,
  who: Who | string,
  postId: string,
  timeoutMs = 60_000,
): Promise<PostStatusView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await statusOf(t, who, postId);
    expect(res.statusCode, res.body).toBe(200);
    const status: PostStatusView = res.json();
    if (status.status !== 'processing' || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
