import { uploadTo } from '@soar/client';

/** `POST upload` (field `file`): the id of the stored image, for a deposit's `proof`. */
export const uploadProof = (file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal) =>
  uploadTo('POST /upload', { file, onProgress, signal });
