import { api } from '../../lib/api-client';

/** A photo stored in the temporary area, waiting for a submission to attach it (sizes in px and bytes). */
export interface UploadedPhoto {
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
  bytes: number;
}

/** Uploads one observation photo into the temporary area; progress 0–1. */
export const uploadObservationPhoto = (file: File, onProgress: (fraction: number) => void) =>
  api.upload<UploadedPhoto>('/photos/uploadphotos/observations', file, onProgress);
