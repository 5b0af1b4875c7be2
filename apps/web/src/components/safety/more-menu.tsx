'use client';

import { Ban, Ellipsis, Flag, type IconNode, Volume2, VolumeX } from 'lucide';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { useErrorText } from '../error-message';
import { Icon } from '../icon';
import { notifyError, notifySuccess } from '../toast';
import styles from './safety.module.css';
import type { SafetyDialogKind, SafetySubject } from './safety-subject';

// The dialogs and the store arrive when an item is chosen, not with the page (docs/design.md §8, ADR 071).
const SafetyDialog = dynamic(() => import('./safety-dialog'));

interface MenuItem {
  key: string;
  icon: IconNode;
  label: string;
  /** It opens a dialog that asks before anything happens. */
  asks: boolean;
  /** It ends or reports something: drawn in the danger colour. */
  danger?: boolean;
  choose: () => void;
}

interface MoreMenuProps {
  subject: SafetySubject;
  /**
   * Whether I mute this citizen now (the profile's `amIMuting`). Left out, not muted: what a comment's menu needs,
   * since the comments of a citizen I mute are not shown to me (ADR 084).
   */
  muted?: boolean;
  /** Told when a mute or unmute went through, so the page showing the relationship follows. */
  onMutedChange?: (muted: boolean) => void;
}

/**
 * The "…" menu on another citizen's profile, post and comment (ADR 071, 084): mute or unmute, block, report. A
 * disclosure in the platform's popover, as the account menu (ADR 068): the browser opens and closes it, closes it
 * on Escape or a click outside and returns the focus. An item closes it and opens its dialog; when the dialog
 * closes, the focus comes back to the "…" button. Unmuting undoes something I chose and hides nothing, so it asks
 * nothing. Muting and blocking act on the citizen whichever of their things the menu is on; a report is about the
 * thing (safety-subject.ts).
 */
export function MoreMenu({ subject, muted: initialMuted = false, onMutedChange }: MoreMenuProps) {
  const t = useTranslations('Safety');
  const errorText = useErrorText();
  const popupId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const [muted, setMuted] = useState(initialMuted);
  const [dialog, setDialog] = useState<SafetyDialogKind | null>(null);
  const { username } = subject;

  const choose = (kind: SafetyDialogKind) => {
    popup.current?.hidePopover();
    setDialog(kind);
  };
  // Once the dialog has gone: while a modal dialog is open, the page behind it cannot take the focus.
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog === null && hadDialog.current) button.current?.focus();
    hadDialog.current = dialog !== null;
  }, [dialog]);
  const closeDialog = () => setDialog(null);
  const mutedNow = (next: boolean) => {
    setMuted(next);
    onMutedChange?.(next);
  };
  const unmute = async () => {
    popup.current?.hidePopover();
    button.current?.focus();
    try {
      const outcome = await (await loadStore()).setSafety('unmute', subject.citizenId);
      if (!outcome.ok) {
        notifyError(errorText(outcome.error));
        return;
      }
      mutedNow(false);
      notifySuccess(t('mute.undone', { username }));
    } catch (error) {
      notifyError(errorText({ status: 'FETCH_ERROR', error: String(error) }));
    }
  };

  // Unmute undoes my own choice and hides nothing, so it is the one item that asks nothing first.
  const items: MenuItem[] = [
    muted
      ? { key: 'unmute', icon: Volume2, label: t('menu.unmute'), asks: false, choose: unmute }
      : { key: 'mute', icon: VolumeX, label: t('menu.mute'), asks: true, choose: () => choose('mute') },
    { key: 'block', icon: Ban, label: t('menu.block'), asks: true, danger: true, choose: () => choose('block') },
    { key: 'report', icon: Flag, label: t('menu.report'), asks: true, danger: true, choose: () => choose('report') },
  ];

  return (
    <div className={styles.more}>
      <button
        ref={button}
        type="button"
        className={styles.moreButton}
        aria-label={t(subject.commentId ? 'menu.commentButton' : 'menu.button', { username })}
        popoverTarget={popupId}
      >
        <Icon node={Ellipsis} />
      </button>
      <div ref={popup} id={popupId} popover="auto" className={styles.popup}>
        <ul className={styles.items}>
          {items.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className={item.danger ? styles.dangerItem : undefined}
                aria-haspopup={item.asks ? 'dialog' : undefined}
                onClick={item.choose}
              >
                <Icon node={item.icon} size={20} />
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {dialog ? (
        <SafetyDialog kind={dialog} subject={subject} onClose={closeDialog} onMuted={() => mutedNow(true)} />
      ) : null}
    </div>
  );
}
