'use client';

import { X } from 'lucide';
import { ToastContainer, toast } from 'react-toastify';
import { Icon } from '@/components/icon';

/*
 * What toast.ts loads on demand: react-toastify (whose main entry injects its styles when the container mounts)
 * and the container in the design's style (globals.css, `.toasts`), so none of it is part of a page's first load.
 */
export { toast };

/** docs/product.md §2, §9: toasts at top centre, closing after 7000 ms, one at a time, newest on top. */
export const toastSettings = {
  position: 'top-center',
  autoClose: 7000,
  limit: 1,
  newestOnTop: true,
} as const;

export function ToastView({ closeLabel }: { closeLabel: string }) {
  return (
    <ToastContainer
      {...toastSettings}
      // The library's own colours and its progress bar are no part of the design (ADR 063).
      theme="light"
      hideProgressBar
      className="toasts"
      toastClassName="toast"
      closeButton={({ closeToast }) => (
        <button type="button" className="toast-close" aria-label={closeLabel} onClick={closeToast}>
          <Icon node={X} size={20} />
        </button>
      )}
    />
  );
}
