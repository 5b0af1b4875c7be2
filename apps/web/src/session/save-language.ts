import { routeTable } from '@civitas/contract/routes-table';
import { buildRequest } from '../client/api/contract-request';
import type { Locale } from '../i18n/locales';
import { apiFetch } from './api-fetch';

/** A page waits at most this long for the save; the language on this device is set either way. */
const TIMEOUT_MS = 2_000;

/**
 * Saves a language the signed-in citizen chose (`?displayLanguage=`) to their profile, which their emails and
 * their other devices follow (ADR 003). A failure is only logged: the page shows the chosen language anyway,
 * and the next choice tries again.
 */
export async function saveLanguageToProfile(language: Locale, token: string): Promise<void> {
  const call = buildRequest(routeTable.setMyLanguage, { body: { language } });
  try {
    const response = await apiFetch(call.url, {
      method: 'PUT',
      body: call.body,
      token,
      headers: call.headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) console.error(`Saving the language to the profile failed: the API answered ${response.status}`);
  } catch (error) {
    console.error('Saving the language to the profile failed: the API could not be reached', error);
  }
}
