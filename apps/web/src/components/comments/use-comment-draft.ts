'use client';

import { useRef, useState } from 'react';
import { useCreateCommentMutation } from '@/client';
import { type CommentFailure, commentFailure } from './comment-failure';
import { commentRemaining, hasWords } from './comment-rules';

/** The comment a reply answers: its thread (what the server files it under) and whom the reply names. */
export interface ReplyTarget {
  threadId: string;
  username: string;
}

/** A composer that holds nothing but the mention a reply started with. */
const ONLY_A_MENTION = /^@[A-Za-z0-9_]+ $/;

/** How long "posted" stays in the status region: cleared, the next comment's is announced again. */
const POSTED_SAID_FOR_MS = 4000;

/**
 * What the comment composer holds and does, kept above it so that a comment's "Reply" can fill it: the text,
 * the comment it answers, and why the last comment was not posted. Sending clears the field at once (the comment
 * shows in the list meanwhile, comment-updates.ts); a refusal puts the words back, unless the person has begun
 * another comment since.
 */
export function useCommentDraft(postId: string, myUsername: string | null) {
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [failure, setFailure] = useState<CommentFailure | null>(null);
  const [posted, setPosted] = useState(false);
  const [createComment, { isLoading: sending }] = useCreateCommentMutation();
  const field = useRef<HTMLTextAreaElement>(null);

  // After the click that changed the composer has been painted: the field, with the caret after the words.
  const focusField = () =>
    requestAnimationFrame(() => {
      const element = field.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });

  const startReply = (target: ReplyTarget) => {
    const mention = target.username.toLowerCase() === myUsername?.toLowerCase() ? '' : `@${target.username} `;
    setReplyTo(target);
    setFailure(null);
    setText((current) => {
      if (!current.trim() || ONLY_A_MENTION.test(current)) return mention;
      return current.startsWith(mention) ? current : `${mention}${current}`;
    });
    focusField();
  };

  const cancelReply = () => {
    setReplyTo(null);
    setText((current) => (ONLY_A_MENTION.test(current) ? '' : current));
    focusField();
  };

  const remaining = commentRemaining(text);
  const canSend = hasWords(text) && remaining >= 0 && !sending;

  const send = async () => {
    if (!canSend) return;
    const words = text;
    const target = replyTo;
    setFailure(null);
    setText('');
    setReplyTo(null);
    const outcome = await createComment({
      params: { id: postId },
      body: { text: words, ...(target ? { parentId: target.threadId } : {}) },
    });
    if (!outcome.error) {
      setPosted(true);
      setTimeout(() => setPosted(false), POSTED_SAID_FOR_MS);
      return;
    }
    const why = commentFailure(outcome.error);
    setFailure(why);
    setText((current) => (current.trim() ? current : words));
    // The comment answered is gone: the words come back as a comment on the post.
    if (target && why.key !== 'replyGone') setReplyTo((current) => current ?? target);
  };

  return { text, setText, replyTo, startReply, cancelReply, remaining, canSend, sending, send, failure, posted, field };
}

export type CommentDraft = ReturnType<typeof useCommentDraft>;
