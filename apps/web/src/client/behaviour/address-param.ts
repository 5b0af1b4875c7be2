/**
 * Sets one parameter of the page's address in place (null removes it), replacing the history entry rather than
 * adding one: a view's choice (a profile's grid or list, its editor open) that Back should not step through. Next
 * hands the new parameters to every `useSearchParams` on the page, which re-renders from them.
 */
export function replaceAddressParam(name: string, value: string | null): void {
  const address = new URL(window.location.href);
  if (value === null) address.searchParams.delete(name);
  else address.searchParams.set(name, value);
  window.history.replaceState(null, '', address);
}
