'use client';

import { type ReactNode, useState } from 'react';
import { type ApiOutcome, postJson } from './call-api';
import { useFailureMessages } from './failure-message';
import { FormAlert } from './form-alert';

/**
 * The state every account form shares: busy while a call runs, the general error shown in an alert, and
 * the messages of the fields the API refused. `send` posts and fills them in; a form only says what to do
 * on success (and may replace the general error with its own words for a particular code).
 */
export function useApiForm() {
  const failures = useFailureMessages();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function send<T>(path: string, body: unknown): Promise<ApiOutcome<T>> {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const outcome = await postJson<T>(path, body);
    setBusy(false);
    if (!outcome.ok) {
      setError(<p>{failures.general(outcome)}</p>);
      setFieldErrors(failures.fields(outcome));
    }
    return outcome;
  }

  return {
    busy,
    fieldErrors,
    send,
    showError: setError,
    errorAlert: error ? <FormAlert tone="error">{error}</FormAlert> : null,
  };
}
