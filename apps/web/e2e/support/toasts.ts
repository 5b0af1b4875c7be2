import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The words of every toast showing (each toast's own text, without its close button's "×"). */
export const toastTexts = (page: Page): Promise<string[]> =>
  page.locator('.Toastify__toast').evaluateAll((toasts) =>
    toasts.map((toast) =>
      [...toast.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );

/** Waits for a toast saying exactly `text`. */
export const expectToast = (page: Page, text: string) => expect.poll(() => toastTexts(page)).toContain(text);
