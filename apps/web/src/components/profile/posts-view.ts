import { replaceAddressParam } from '@/client/behaviour/address-param';

/** How a profile shows its posts: square tiles three a row (the default), or whole cards one under another. */
export type PostsView = 'grid' | 'list';

/** The address keeps the choice (`?view=list`), so Back from a post, a reload and a shared link show the same. */
export const VIEW_PARAM = 'view';

/** The view an address asks for: the list only when it says so, the grid otherwise. */
export const postsViewOf = (value: string | string[] | null | undefined): PostsView =>
  value === 'list' ? 'list' : 'grid';

/** Chooses a view: the address changes in place, and every `usePostsView` on the page follows it. */
export const choosePostsView = (view: PostsView): void =>
  replaceAddressParam(VIEW_PARAM, view === 'grid' ? null : view);
