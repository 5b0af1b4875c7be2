import type { ModerationAction, ReportGroupView } from '@civitas/contract';

/** The message key of each action (hyphens are not message keys). */
export const actionKey = {
  dismiss: 'dismiss',
  'hide-post': 'hidePost',
  'restore-post': 'restorePost',
  'hide-comment': 'hideComment',
  'restore-comment': 'restoreComment',
  suspend: 'suspend',
  unsuspend: 'unsuspend',
} as const satisfies Record<ModerationAction, string>;

export type ActionKey = (typeof actionKey)[ModerationAction];

/**
 * The decisions that would change something for a group (the API answers any other with a 409, ADR 070): a hidden
 * post or comment can be restored and a shown one hidden, a suspended citizen unsuspended and any other suspended
 * (a post's or a comment's author through its report, ADR 084); open reports can be dismissed. A deleted post or
 * comment takes none but a dismissal.
 */
export function actionsFor(group: ReportGroupView): ModerationAction[] {
  const { preview, subject, state } = group;
  const actions: ModerationAction[] = [];
  if (subject.kind === 'post' && !preview.gone) actions.push(preview.actedOn ? 'restore-post' : 'hide-post');
  if (subject.kind === 'comment' && !preview.gone) actions.push(preview.actedOn ? 'restore-comment' : 'hide-comment');
  if (subject.kind === 'citizen') actions.push(preview.actedOn ? 'unsuspend' : 'suspend');
  else if (state === 'open' && !preview.gone) actions.push('suspend');
  if (state === 'open') actions.push('dismiss');
  return actions;
}

/** Actions that take something away from a citizen: drawn as the dangerous weight. */
export const destructive = (action: ModerationAction): boolean =>
  action === 'hide-post' || action === 'hide-comment' || action === 'suspend';
