import { notifyError, notifySuccess } from './toast';

/** The browser's share sheet refused because the person closed it: nothing to say, nothing to fall back to. */
const dismissed = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares an address of this site (a post's, a profile's): through the system's share sheet where the browser has one
 * (the Web Share API), else by copying it, with a toast that says which happened. The one way the app shares.
 */
export async function shareLink(path: string, say: { copied: string; failed: string }): Promise<void> {
  const url = new URL(path, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url });
      return;
    } catch (error) {
      if (dismissed(error)) return;
      // A share sheet that cannot take this (no target, a policy): the link is still worth copying.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(say.copied);
  } catch {
    notifyError(say.failed);
  }
}
