import type { MyReportView } from '@civitas/contract';

/** Whom a "more" menu is about (ADR 071): a citizen, and on a post's page the post too, or one of its comments. */
export interface SafetySubject {
  citizenId: string;
  username: string;
  /** The post whose menu this is: a report is then about the post, not its author. */
  postId?: string | undefined;
  /**
   * The comment whose menu this is (ADR 084), by the citizen above: a report is then about the comment, not its
   * author; blocking and muting still act on the author.
   */
  commentId?: string | undefined;
}

/** What a report from this menu is about: the comment, else the post, else the citizen. */
export function reportedSubject(subject: SafetySubject): MyReportView['subject'] {
  if (subject.commentId) return { kind: 'comment', id: subject.commentId };
  if (subject.postId) return { kind: 'post', id: subject.postId };
  return { kind: 'citizen', id: subject.citizenId };
}

/** The dialogs the menu opens; unmuting needs none. */
export type SafetyDialogKind = 'block' | 'mute' | 'report';
