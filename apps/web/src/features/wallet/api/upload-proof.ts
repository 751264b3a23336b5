import { upload } from '@soar/client';

/** `POST upload` (field `file`): the id of the stored image, for a deposit's `proof`. */
export const uploadProof = (file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal) =>
  upload<{ id: string }>({ url: 'upload', file, onProgress, signal });
