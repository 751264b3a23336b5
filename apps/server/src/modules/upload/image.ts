import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export type ImageType = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; format: 'jpeg' | 'png' | 'webp' };

/** The type by magic number only: the file name and the declared content type are not trusted. */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', format: 'jpeg' };
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', format: 'png' };
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { mime: 'image/webp', format: 'webp' };
  }
  return undefined;
}

/**
 * Decodes the whole image and encodes it again in its own format: a file that only looks like an
 * image fails here, and EXIF (GPS included), XMP, ICC and text chunks are not carried over.
 * EXIF orientation is applied to the pixels first so the picture still stands the right way up.
 */
export async function cleanImage(bytes: Buffer): Promise<{ type: ImageType; data: Buffer }> {
  const type = sniffImage(bytes);
  if (!type) throw new AppError('UPLOAD_TYPE');
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    const metadata = await image.metadata();
    if (metadata.format !== type.format) throw new AppError('UPLOAD_UNREADABLE');
    const data = await image.toFormat(type.format).toBuffer();
    return { type, data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UPLOAD_UNREADABLE');
  }
}
