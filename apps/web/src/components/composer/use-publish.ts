'use client';

import type { UploadKind } from '@civitas/contract';
import { useEffect, useRef, useState } from 'react';
import {
  type ApiError,
  abortUploadKeepalive,
  discardDraftKeepalive,
  draftDiscarded,
  UploadFailed,
  uploadCallsFor,
  uploadMedia,
  useAppDispatch,
  useCreatePostMutation,
} from '@/client';

export interface PostDraft {
  file: File;
  cover: File | null;
  caption: string;
  mentionRequest: string[];
  externalLink: string;
  sharing: 'public' | 'private';
  altText: string;
}

export type Phase =
  | { kind: 'editing' }
  | { kind: 'creating' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'processing'; postId: string }
  /** `failure` is a key of Compose.failure (or a server code); `detail` is the server's own words, if any. */
  | { kind: 'failed'; failure: string; detail?: string }
  | { kind: 'cancelled' };

/** The failure (a Compose.failure key or the server's code) and the server's message for a failed call. */
function failedPhase(error: ApiError | undefined): Phase {
  if (!error || !('status' in error)) return { kind: 'failed', failure: 'generic' };
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return { kind: 'failed', failure: 'network' };
  const body = error.data as { code?: unknown; message?: unknown } | undefined;
  return {
    kind: 'failed',
    failure: typeof body?.code === 'string' ? body.code : 'generic',
    ...(typeof body?.message === 'string' ? { detail: body.message } : {}),
  };
}

/** The post made for this composer's media, what it was made with, and the files it already has. */
interface Draft {
  id: string;
  request: string;
  completed: Map<UploadKind, File>;
}

/**
 * Publishing a post from the composer: create it, upload its cover (if any) and its file, then hand over to
 * the status poll. A file the server refuses leaves the post waiting: sending again with nothing else changed
 * uploads the new file to the same post; a changed caption, link, audience or alt text makes a new post and
 * discards the old one. Cancelling, or leaving the page before the upload is through (even while the post is
 * still being created), aborts the upload and deletes the unfinished post with requests that outlive the page
 * (`keepalive`). A post whose file was refused is deleted the same way once the person leaves the composer,
 * and my feeds and counts are read again; one whose delete never arrives, the server removes after
 * UPLOAD_EXPIRY_MS, and meanwhile it counts nowhere (ADR 064).
 */
export function usePublish() {
  const dispatch = useAppDispatch();
  const [createPost] = useCreatePostMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  // The post made for the file being sent, until it is published (or discarded).
  const draft = useRef<Draft | null>(null);
  const upload = useRef<{ controller: AbortController; kind: UploadKind; uploadId?: string } | null>(null);
  // Each publish is a run; cancelling or leaving ends the current one, whatever call it is waiting for.
  const run = useRef(0);
  const discard = (postId: string) => discardDraftKeepalive(postId, () => dispatch(draftDiscarded()));

  const abandon = () => {
    run.current += 1;
    const current = upload.current;
    current?.controller.abort();
    upload.current = null;
    if (draft.current && current?.uploadId) abortUploadKeepalive(draft.current.id, current.kind, current.uploadId);
    if (draft.current) discard(draft.current.id);
    draft.current = null;
  };

  // Leaving the page, or this screen, with an unfinished post: nothing of it is kept.
  const abandonRef = useRef(abandon);
  abandonRef.current = abandon;
  useEffect(() => {
    const onPageHide = () => abandonRef.current();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      abandonRef.current();
    };
  }, []);

  /** The post to upload to: the waiting draft when it was made with the same fields, else a new one. */
  const postFor = async (body: Parameters<typeof createPost>[0]['body'], live: () => boolean) => {
    const request = JSON.stringify(body);
    if (draft.current?.request === request) return draft.current;
    if (draft.current) discard(draft.current.id);
    draft.current = null;
    const created = await createPost({ body });
    if (!live()) {
      // Cancelled or left while the post was being made: it is not kept.
      if (created.data) discard(created.data.id);
      return null;
    }
    if (created.error || !created.data) {
      setPhase(failedPhase(created.error as ApiError | undefined));
      return null;
    }
    draft.current = { id: created.data.id, request, completed: new Map() };
    return draft.current;
  };

  const publish = async (post: PostDraft, mediaType: 'image' | 'video') => {
    run.current += 1;
    const mine = run.current;
    const live = () => run.current === mine;
    setPhase({ kind: 'creating' });
    const target = await postFor(
      {
        mediaType,
        caption: post.caption,
        mentionRequest: post.mentionRequest,
        sharingOptions: post.sharing,
        ...(post.externalLink.trim() ? { externalLink: post.externalLink.trim() } : {}),
        ...(mediaType === 'image' && post.altText.trim() ? { altText: post.altText.trim() } : {}),
      },
      live,
    );
    if (!target) return;
    const postId = target.id;
    const calls = uploadCallsFor(dispatch, postId);
    const media: [File, UploadKind][] =
      mediaType === 'image'
        ? [[post.file, 'image-upload']]
        : [
            ...(post.cover ? [[post.cover, 'video-cover-image-upload'] as [File, UploadKind]] : []),
            [post.file, 'video-upload'],
          ];
    // A cover the waiting post already has is not sent again.
    const files = media.filter(([file, kind]) => target.completed.get(kind) !== file);
    const total = files.reduce((sum, [file]) => sum + file.size, 0);
    let done = 0;
    try {
      for (const [file, kind] of files) {
        const controller = new AbortController();
        const current: NonNullable<typeof upload.current> = { controller, kind };
        upload.current = current;
        await uploadMedia(file, kind, calls, {
          signal: controller.signal,
          onInitiated: (uploadId) => {
            current.uploadId = uploadId;
            // Cancelled while initiate was on its way: the upload it opened is given up at once.
            if (controller.signal.aborted) abortUploadKeepalive(postId, kind, uploadId);
          },
          onProgress: (sent) => setPhase({ kind: 'uploading', sent: done + sent, total }),
        });
        target.completed.set(kind, file);
        done += file.size;
      }
      upload.current = null;
      draft.current = null; // published: no longer ours to discard
      setPhase({ kind: 'processing', postId });
    } catch (error) {
      if ((error as Error).name === 'AbortError' || !live()) return;
      upload.current = null;
      setPhase(error instanceof UploadFailed ? failedPhase(error.error) : { kind: 'failed', failure: 'generic' });
    }
  };

  const cancel = () => {
    abandon();
    setPhase({ kind: 'cancelled' });
  };

  return { phase, setPhase, publish, cancel };
}
