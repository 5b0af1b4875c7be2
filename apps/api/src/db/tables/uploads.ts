export interface UploadsTable {
  id: string;
  post_id: string;
  kind: 'image' | 'video' | 'video_cover';
  file_name: string;
  file_size: number;
  status: 'initiated' | 'completed' | 'aborted';
  created_at: number;
  updated_at: number;
}
