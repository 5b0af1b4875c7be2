'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import styles from './bottom-sheet.module.css';

interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the sheet (its heading). */
  labelledBy: string;
  children: ReactNode;
}

/**
 * A modal sheet sliding up from the bottom over 400 ms (docs/product.md §2, §9). A native `<dialog>`: focus moves into
 * it and stays there, Escape closes it, and the page behind is inert.
 */
export function BottomSheet({ open, onClose, labelledBy, children }: BottomSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the dialog handles natively
    <dialog
      ref={dialog}
      className={styles.sheet}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.content}>{children}</div>
    </dialog>
  );
}
