'use client';

import { Ban, Ellipsis, Flag, Volume2, VolumeX } from 'lucide';
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

interface MoreMenuProps {
  subject: SafetySubject;
  /** Whether I mute this citizen now (the profile's `amIMuting`). */
  muted: boolean;
  /** Told when a mute or unmute went through, so the page showing the relationship follows. */
  onMutedChange?: (muted: boolean) => void;
}

/**
 * The "…" menu on another citizen's profile and post (ADR 071): mute or unmute, block, report. A disclosure in
 * the platform's popover, as the account menu (ADR 068): the browser opens and closes it, closes it on Escape or a
 * click outside and returns the focus. An item closes it and opens its dialog; when the dialog closes, the focus
 * comes back to the "…" button. Unmuting undoes something I chose and hides nothing, so it asks nothing.
 */
export function MoreMenu({ subject, muted: initialMuted, onMutedChange }: MoreMenuProps) {
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

  return (
    <div className={styles.more}>
      <button
        ref={button}
        type="button"
        className={styles.moreButton}
        aria-label={t('menu.button', { username })}
        popoverTarget={popupId}
      >
        <Icon node={Ellipsis} />
      </button>
      <div ref={popup} id={popupId} popover="auto" className={styles.popup}>
        <ul className={styles.items}>
          <li>
            {muted ? (
              <button type="button" onClick={unmute}>
                <Icon node={Volume2} size={20} />
                {t('menu.unmute')}
              </button>
            ) : (
              <button type="button" aria-haspopup="dialog" onClick={() => choose('mute')}>
                <Icon node={VolumeX} size={20} />
                {t('menu.mute')}
              </button>
            )}
          </li>
          <li>
            <button type="button" className={styles.dangerItem} aria-haspopup="dialog" onClick={() => choose('block')}>
              <Icon node={Ban} size={20} />
              {t('menu.block')}
            </button>
          </li>
          <li>
            <button type="button" className={styles.dangerItem} aria-haspopup="dialog" onClick={() => choose('report')}>
              <Icon node={Flag} size={20} />
              {t('menu.report')}
            </button>
          </li>
        </ul>
      </div>
      {dialog ? (
        <SafetyDialog kind={dialog} subject={subject} onClose={closeDialog} onMuted={() => mutedNow(true)} />
      ) : null}
    </div>
  );
}
