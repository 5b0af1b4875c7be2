'use client';

import { toast } from 'react-toastify';

/** Spec §2, §9: toasts at top centre, closing after 7000 ms, one at a time, newest on top. */
export const toastSettings = {
  position: 'top-center',
  autoClose: 7000,
  limit: 1,
  newestOnTop: true,
} as const;

/**
 * One toast at a time: a new one replaces the one showing, so the person always reads the latest outcome
 * (react-toastify's `limit` would otherwise queue it behind the old one for up to 7 s).
 */
function show(kind: 'success' | 'error', text: string): void {
  toast.dismiss();
  toast[kind](text, { role: kind === 'error' ? 'alert' : 'status' });
}

export const notifySuccess = (text: string): void => show('success', text);
export const notifyError = (text: string): void => show('error', text);
