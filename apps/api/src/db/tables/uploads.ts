import type { Generated } from 'kysely';

export type UploadKindValue = 'image-upload' | 'video-cover-image-upload' | 'video-upload';
export type UploadStatusValue = 'initiated' | 'completed' | 'aborted' | 'rejected' | 'expired';

/** One multipart upload of a post's media; its parts live in the upload storage until complete or abort. */
export interface UploadsTable {
  id: string;
  post_id: string;
  owner_id: string;
  kind: UploadKindValue;
  /** The album item it is for (ADR 086): 0 for the first, or only, item. */
  position: Generated<number>;
  file_name: string;
  content_type: string | null;
  file_size: number;
  part_size: number;
  parts_count: number;
  status: UploadStatusValue;
  created_at: number;
  updated_at: number;
  /** An upload still open at this time is swept: its parts discarded, its status `expired`. */
  expires_at: number;
}
