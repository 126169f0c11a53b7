import sharp, { type Metadata } from 'sharp';
import { detectImageType, type ImageContentType } from '../../../domain/products.ts';
import type { StoredImageInput } from './repository.ts';

/** An image wider or taller than this is scaled down to fit; products never need more. */
export const maxImageSide = 4096;
/** Refused before decoding (a 30000×30000 "pixel flood" header would need gigabytes). */
export const maxImagePixels = 40_000_000;

export type ImageProblem = 'type' | 'too-many-pixels';

/**
 * Decodes an upload and encodes it again (issue 13), so what is stored and served is an image
 * this server drew, not the bytes it was sent: a PNG header followed by HTML, a GIF/JS polyglot or
 * a file with hidden metadata (EXIF location, comments) does not survive. The orientation is
 * applied and every metadata block dropped. PNG and GIF become PNG (lossless), JPEG stays JPEG.
 * The pixel count is checked from the header before decoding.
 */
export async function reencodeImage(
  bytes: Uint8Array,
): Promise<StoredImageInput | { problem: ImageProblem }> {
  if (detectImageType(bytes) === null) return { problem: 'type' };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { problem: 'type' };
  }
  const { width, height } = metadata;
  if (!width || !height) return { problem: 'type' };
  if (width * height > maxImagePixels) return { problem: 'too-many-pixels' };
  const jpeg = metadata.format === 'jpeg';
  const contentType: ImageContentType = jpeg ? 'image/jpeg' : 'image/png';
  try {
    const pipeline = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' })
      .rotate()
      .resize({
        width: maxImageSide,
        height: maxImageSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const output = jpeg
      ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
      : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    return { contentType, bytes: output };
  } catch {
    // Truncated or corrupt data behind a valid header.
    return { problem: 'type' };
  }
}
