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
import {
  type ComposedItem,
  inParallel,
  mediaRequest,
  overallProgress,
  type PlannedUpload,
  plannedUploads,
  uploadKey,
} from './album-items';

export interface PostDraft {
  /** The picture or video, or an album's items in order (the first is its cover). */
  items: ComposedItem[];
  caption: string;
  mentionRequest: string[];
  externalLink: string;
  sharing: 'public' | 'private';
}

export type Phase =
  | { kind: 'editing' }
  | { kind: 'creating' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'processing'; postId: string }
  /**
   * `failure` is a key of Compose.failure (or a server code); `detail` is the server's own words, if any; `item`,
   * in an album, the item whose upload failed (its place, from 1, and its file's name).
   */
  | { kind: 'failed'; failure: string; detail?: string; item?: { number: number; name: string } }
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

/** The post made for this composer's media, what it was made with, and the files it already has (by uploadKey). */
interface Draft {
  id: string;
  request: string;
  completed: Map<string, File>;
}

/** An upload on its way: what cancelling must stop, and (once initiated) what the server must be told to drop. */
interface OpenUpload {
  controller: AbortController;
  kind: UploadKind;
  uploadId?: string;
}

/** At most this many files of an album are sent at once. */
const PARALLEL_UPLOADS = 3;

/**
 * Publishing a post from the composer: create it, upload its items' covers (if any), then its items' files, up
 * to three at a time with one progress over them all, then hand over to the status poll. One failed upload
 * stops the others and fails the publish; publishing again sends only what the post does not have yet. A file the server refuses leaves the post waiting: sending again with nothing else changed
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
  // Every upload on its way (an album sends several at once).
  const uploads = useRef(new Set<OpenUpload>());
  // Each publish is a run; cancelling or leaving ends the current one, whatever call it is waiting for.
  const run = useRef(0);
  const discard = (postId: string) => discardDraftKeepalive(postId, () => dispatch(draftDiscarded()));

  const abandon = () => {
    run.current += 1;
    for (const open of uploads.current) {
      open.controller.abort();
      if (draft.current && open.uploadId) abortUploadKeepalive(draft.current.id, open.kind, open.uploadId);
    }
    uploads.current.clear();
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

  const publish = async (post: PostDraft) => {
    run.current += 1;
    const mine = run.current;
    const live = () => run.current === mine;
    setPhase({ kind: 'creating' });
    const target = await postFor(
      {
        ...mediaRequest(post.items),
        caption: post.caption,
        mentionRequest: post.mentionRequest,
        sharingOptions: post.sharing,
        ...(post.externalLink.trim() ? { externalLink: post.externalLink.trim() } : {}),
      },
      live,
    );
    if (!target) return;
    const postId = target.id;
    const calls = uploadCallsFor(dispatch, postId);
    // What the waiting post already has is not sent again.
    const planned = plannedUploads(post.items, target.completed);
    const sent = new Map<string, number>();
    const report = () => {
      if (live()) setPhase({ kind: 'uploading', ...overallProgress(sent, planned) });
    };
    let failed: PlannedUpload | null = null;
    const send = async (planned: PlannedUpload) => {
      const controller = new AbortController();
      const open: OpenUpload = { controller, kind: planned.kind };
      uploads.current.add(open);
      const { kind, position } = planned;
      try {
        await uploadMedia(planned.file, kind, calls, {
          signal: controller.signal,
          position,
          onInitiated: (uploadId) => {
            open.uploadId = uploadId;
            // Cancelled while initiate was on its way: the upload it opened is given up at once.
            if (controller.signal.aborted) abortUploadKeepalive(postId, kind, uploadId);
          },
          onProgress: (bytes) => {
            sent.set(uploadKey(planned), bytes);
            report();
          },
        });
        target.completed.set(uploadKey(planned), planned.file);
        uploads.current.delete(open);
      } catch (error) {
        uploads.current.delete(open);
        if (!failed && (error as Error).name !== 'AbortError') {
          failed = planned;
          // One item failed: the others stop at once, and the server drops what they had sent.
          for (const other of uploads.current) {
            other.controller.abort();
            if (other.uploadId) abortUploadKeepalive(postId, other.kind, other.uploadId);
          }
          uploads.current.clear();
        }
        throw error;
      }
    };
    report();
    try {
      // Covers first: processing starts once every item's own file is complete, and a cover must be there by then.
      const covers = planned.filter((upload) => upload.kind === 'video-cover-image-upload');
      const mains = planned.filter((upload) => upload.kind !== 'video-cover-image-upload');
      for (const batch of [covers, mains]) {
        await inParallel(
          batch.map((upload) => () => send(upload)),
          PARALLEL_UPLOADS,
        );
      }
      draft.current = null; // published: no longer ours to discard
      setPhase({ kind: 'processing', postId });
    } catch (error) {
      if (!live() || (!failed && (error as Error).name === 'AbortError')) return;
      const phase: Phase =
        error instanceof UploadFailed ? failedPhase(error.error) : { kind: 'failed', failure: 'generic' };
      const item = failed as PlannedUpload | null;
      setPhase(
        item && post.items.length > 1 && phase.kind === 'failed'
          ? { ...phase, item: { number: item.position + 1, name: item.file.name } }
          : phase,
      );
    }
  };

  const cancel = () => {
    abandon();
    setPhase({ kind: 'cancelled' });
  };

  return { phase, setPhase, publish, cancel };
}
