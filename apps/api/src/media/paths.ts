import { fullPath, listUploadParts } from '@civitas/contract';

/** Our parts endpoint for an upload (part n is PUT to `<this>/n`), from the contract's own path. */
export const uploadPartsPath = (postId: string, uploadId: string): string =>
  fullPath(listUploadParts).replace(':id', postId).replace(':uploadId', uploadId);

/** Where a post's processed media is stored: one folder per processing run, so every name is immutable. */
export const postMediaFolder = (postId: string, version: string): string => `${postMediaRoot(postId)}/${version}`;

/** Every processed file of a post lives below this folder. */
export const postMediaRoot = (postId: string): string => `posts/${postId}`;
