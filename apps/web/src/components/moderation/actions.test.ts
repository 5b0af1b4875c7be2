import { ModerationAction, type ReportGroupView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { actionKey, actionsFor, destructive } from './actions';

type Kind = ReportGroupView['subject']['kind'];

const group = (
  kind: Kind,
  state: ReportGroupView['state'],
  preview: Partial<ReportGroupView['preview']> = {},
): ReportGroupView => ({
  subject: { kind, id: `${kind}-1` },
  state,
  reportsCount: 1,
  reports: [{ id: 'report-1', reason: 'spam', note: '', createdAt: '2026-12-07T10:00:00.000Z', state: 'open' }],
  preview: {
    username: 'erin',
    displayName: 'Erin',
    caption: kind === 'citizen' ? null : 'words',
    pictureUri: null,
    actedOn: false,
    postId: kind === 'comment' ? 'post-1' : null,
    gone: false,
    ...preview,
  },
});

describe('the decisions a reported subject offers', () => {
  it('hides or restores a comment, suspends its author and dismisses while open, as for a post', () => {
    expect(actionsFor(group('comment', 'open'))).toEqual(['hide-comment', 'suspend', 'dismiss']);
    expect(actionsFor(group('comment', 'open', { actedOn: true }))).toEqual(['restore-comment', 'suspend', 'dismiss']);
    expect(actionsFor(group('post', 'open'))).toEqual(['hide-post', 'suspend', 'dismiss']);
    expect(actionsFor(group('post', 'open', { actedOn: true }))).toEqual(['restore-post', 'suspend', 'dismiss']);
  });

  it('once decided, still hides or restores a comment, but suspends nobody and dismisses nothing', () => {
    expect(actionsFor(group('comment', 'decided'))).toEqual(['hide-comment']);
    expect(actionsFor(group('comment', 'decided', { actedOn: true }))).toEqual(['restore-comment']);
  });

  it('offers only a dismissal for a deleted comment while open, and nothing once decided', () => {
    expect(actionsFor(group('comment', 'open', { gone: true }))).toEqual(['dismiss']);
    expect(actionsFor(group('comment', 'decided', { gone: true, actedOn: true }))).toEqual([]);
  });

  it('suspends or unsuspends a citizen whatever the state', () => {
    expect(actionsFor(group('citizen', 'open'))).toEqual(['suspend', 'dismiss']);
    expect(actionsFor(group('citizen', 'decided', { actedOn: true }))).toEqual(['unsuspend']);
  });

  it('draws hiding and suspending as dangerous, and nothing that gives back', () => {
    expect(ModerationAction.options.filter(destructive)).toEqual(['hide-post', 'hide-comment', 'suspend']);
  });
});

describe('the words of each decision', () => {
  it('are in every language: its button, its confirmation, what is said once done, and its line in the log', async () => {
    for (const locale of locales) {
      const messages = (await import(`../../../messages/${locale}/Moderation.json`)).default;
      for (const action of ModerationAction.options) {
        const key = actionKey[action];
        for (const [section, words] of Object.entries({
          actions: messages.actions,
          confirm: messages.confirm,
          done: messages.done,
          'log.action': messages.log.action,
        })) {
          expect(typeof words[key], `${locale} ${section}.${key}`).toBe('string');
        }
      }
    }
  });
});
