/**
 * The browser-side cache of my profile picture's address (docs/product.md §3): kept by the header, cleared on logout.
 * Its own module so the header's island carries these few lines and not the logout sequence.
 */
const PROFILE_PICTURE_STORAGE_KEY = 'civitas.profilePictureUri';

export const readCachedPicture = (): string | null => localStorage.getItem(PROFILE_PICTURE_STORAGE_KEY);

/** Remembers the address, or forgets it when there is none (no picture, or signed out). */
export const cachePicture = (uri: string | null): void => {
  if (uri) localStorage.setItem(PROFILE_PICTURE_STORAGE_KEY, uri);
  else localStorage.removeItem(PROFILE_PICTURE_STORAGE_KEY);
};
