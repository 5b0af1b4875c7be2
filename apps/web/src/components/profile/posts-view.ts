/** How a profile shows its posts: square tiles three a row (the default), or whole cards one under another. */
export type PostsView = 'grid' | 'list';

/** The address keeps the choice (`?view=list`), so Back from a post, a reload and a shared link show the same. */
export const VIEW_PARAM = 'view';

/** The view an address asks for: the list only when it says so, the grid otherwise. */
export const postsViewOf = (value: string | string[] | null | undefined): PostsView =>
  value === 'list' ? 'list' : 'grid';

/**
 * Chooses a view: the address changes in place (replacing the entry, like the profile's tabs), and Next's
 * router hands the new parameters to every `usePostsView` on the page.
 */
export function choosePostsView(view: PostsView): void {
  const address = new URL(window.location.href);
  if (view === 'grid') address.searchParams.delete(VIEW_PARAM);
  else address.searchParams.set(VIEW_PARAM, view);
  window.history.replaceState(null, '', address);
}
