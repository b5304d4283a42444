import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_THUMB_MAX_SIDE, IMAGE_WEB_MAX_SIDE, ImageMsg, IMAGE_SERVED_TYPE } from '@sq/contract/images/image-rules';
import { badRequest } from '../../lib/errors';

/** A photo as stored: both sizes re-encoded from the pixels alone, so no metadata survives. */
export interface ProcessedImage {
  hash: string;
  mime: typeof IMAGE_SERVED_TYPE;
  web: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** What sharp reports for the formats a phone sends (IMAGE_UPLOAD_TYPES); `heif` covers AVIF. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * A decompression bomb is refused before decoding: a 10 MB PNG of one colour can claim 20,000 ×
 * 20,000 pixels (1.6 GB decoded). 100 megapixels still takes a 108-megapixel phone's photo.
 */
const MAX_INPUT_PIXELS = 100_000_000;
/**
 * WebP at quality 80 (docs/decisions/board.md "Images"): 94 KB for the bench's 1600 px photo where
 * mozjpeg needs 145 KB, at ~200 ms of CPU for the whole upload against mozjpeg's ~300 (effort 2;
 * the default effort 4 doubles the encoder's time for 5 % fewer bytes).
 */
const WEB_WEBP = { quality: 80, effort: 2 } as const;
/** The thumbnail is small: the slower, sharper settings cost little (smart subsampling keeps colour edges clean in a grid). */
const THUMB_WEBP = { quality: 78, effort: 4, smartSubsample: true } as const;

/** HEIF's brands that carry HEVC (iPhone's HEIC), which the prebuilt libvips cannot decode. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/** Whether the bytes are an ISO-BMFF file whose major or a compatible brand is HEVC. */
export function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
  for (let at = 8; at + 4 <= size; at += 4) {
    if (at === 12) continue; // minor version
    if (HEVC_BRANDS.has(bytes.toString('latin1', at, at + 4))) return true;
  }
  return false;
}

/**
 * Reads a photo people upload and makes the web size (fits IMAGE_WEB_MAX_SIDE) and the square
 * thumbnail, upright (EXIF orientation applied), in sRGB, with no metadata at all: EXIF (GPS!),
 * XMP, IPTC and the colour profile are dropped because both images are encoded from the pixels
 * alone (sharp keeps nothing unless asked with `keepMetadata`/`withMetadata`). Never enlarges.
 * 400 with ImageMsg when the bytes are not a photo of an accepted type or cannot be decoded.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (isHeic(bytes)) throw badRequest(ImageMsg.heic);
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  // The header alone: the type and the size, before anything is decoded.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(ImageMsg.notImage);
  }
  if (!header.format || !ACCEPTED.has(header.format)) throw badRequest(ImageMsg.notImage);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw badRequest(ImageMsg.pixels);
  try {
    // Decoded once, at the web size (a JPEG shrinks while it is read), in sRGB: what every screen
    // shows right (an iPhone's Display P3 photo would look dull read as sRGB without conversion).
    const { data, info } = await input()
      .autoOrient()
      .resize(IMAGE_WEB_MAX_SIDE, IMAGE_WEB_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const side = Math.min(IMAGE_THUMB_MAX_SIDE, info.width, info.height);
    const [web, thumb] = await Promise.all([
      pixels().webp(WEB_WEBP).toBuffer(),
      pixels().resize(side, side, { fit: 'cover', position: 'centre' }).webp(THUMB_WEBP).toBuffer(),
    ]);
    return { hash: createHash('sha256').update(web).digest('base64url'), mime: IMAGE_SERVED_TYPE, web, thumb, width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file: the header read, the pixels did not.
    throw badRequest(ImageMsg.unreadable);
  }
}
