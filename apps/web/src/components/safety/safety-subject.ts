/** Whom a "more" menu is about (ADR 071): a citizen, and on a post's page the post too. */
export interface SafetySubject {
  citizenId: string;
  username: string;
  /** The post whose menu this is: a report is then about the post, not its author. */
  postId?: string | undefined;
}

/** The dialogs the menu opens; unmuting needs none. */
export type SafetyDialogKind = 'block' | 'mute' | 'report';
