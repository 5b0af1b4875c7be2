import { useEffect, useRef } from 'react';

/**
 * The focus of a "Delete" that asks first: it moves to the safe choice ("Cancel") when the question appears, and
 * back to the button that asked when the question goes unanswered. `wasConfirming` lets a caller whose thing leaves
 * the page with the answer keep the focus from going back to a button that is gone.
 */
export function useConfirmFocus(confirming: boolean) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) askButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  return { cancelButton, askButton, wasConfirming };
}
