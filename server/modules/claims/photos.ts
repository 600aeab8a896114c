// Claim photos (docs/claims.md "Photos"): whatever a phone sends (JPEG, PNG, HEIC; WebP and AVIF
// too) is decoded, turned upright from its EXIF orientation, resized to at most 1600 px on its longest
// side and written again as JPEG with no metadata at all (no GPS, no camera, no time), by sharp.
// sharp's libvips reads HEIF only with AV1 inside (AVIF), not the HEVC an iPhone writes: HEIC is
// decoded to pixels by heic-decode (libheif in WebAssembly) and those pixels are handed to sharp.
import sharp, { type Sharp } from "sharp";
import { CLAIM_MESSAGES, CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTO_MAX_SIDE, CLAIM_REQUEST_MAX_BYTES } from "../../../contract/claims.ts";
import { badRequest, HttpError } from "../../errors.ts";

export interface StoredPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Large enough for a 50-megapixel phone photo; a "decompression bomb" past it is refused. */
const MAX_INPUT_PIXELS = 60_000_000;

/** The ISO-BMFF brands of HEIC/HEIF still images (an "ftyp" box at byte 4). */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

export function isHeif(buf: Buffer): boolean {
  if (buf.length < 12 || buf.toString("latin1", 4, 8) !== "ftyp") return false;
  return HEIF_BRANDS.has(buf.toString("latin1", 8, 12));
}

/** The bytes of an uploaded photo: base64, or a data: URL. */
export function photoBytes(data: string): Buffer {
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  const b64 = comma >= 0 ? data.slice(comma + 1) : data;
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(b64)) throw badRequest(CLAIM_MESSAGES.notAnImage);
  return Buffer.from(b64, "base64");
}

const photoError = (index: number, message: string) => badRequest(`Photo ${index + 1}: ${message}`, { [`photos.${index}`]: message });

async function decoded(buf: Buffer): Promise<Sharp> {
  const opts = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };
  try {
    const meta = await sharp(buf, opts).metadata();
    if (meta.format && ["jpeg", "png", "webp", "heif", "gif", "tiff"].includes(meta.format)) {
      // Reading the pixels here makes a truncated or corrupt file fail now, not half-way.
      const image = sharp(buf, opts);
      await image.clone().stats();
      return image;
    }
  } catch {
    // Not readable by libvips: HEIC (HEVC) is tried below; anything else is not a photo.
  }
  if (isHeif(buf)) {
    // libheif's WebAssembly is loaded with the first HEIC photo, not when the server starts.
    const { default: decodeHeic } = await import("heic-decode");
    const { width, height, data } = await decodeHeic({ buffer: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) });
    if (width * height > MAX_INPUT_PIXELS) throw new Error("too many pixels");
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  }
  throw new Error("not an image");
}

/** One photo, re-encoded: upright, at most CLAIM_PHOTO_MAX_SIDE px, JPEG, no metadata. */
export async function processPhoto(buf: Buffer): Promise<StoredPhoto> {
  const image = await decoded(buf);
  const { data, info } = await image
    .rotate()
    .resize({ width: CLAIM_PHOTO_MAX_SIDE, height: CLAIM_PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * Every photo of a claim, in order; refuses the lot (400/413, naming the photo) when one is too large
 * or not an image, before anything is written.
 */
export async function processPhotos(photos: { name: string; data: string }[]): Promise<StoredPhoto[]> {
  const files = photos.map((p) => photoBytes(p.data));
  const total = files.reduce((s, f) => s + f.length, 0);
  if (total > CLAIM_REQUEST_MAX_BYTES) throw new HttpError(413, CLAIM_MESSAGES.requestTooLarge);
  const out: StoredPhoto[] = [];
  for (const [i, file] of files.entries()) {
    if (file.length > CLAIM_PHOTO_MAX_BYTES) throw new HttpError(413, `Photo ${i + 1}: ${CLAIM_MESSAGES.photoTooLarge}`, { [`photos.${i}`]: CLAIM_MESSAGES.photoTooLarge });
    if (file.length === 0) throw photoError(i, CLAIM_MESSAGES.notAnImage);
    try {
      out.push(await processPhoto(file));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw photoError(i, CLAIM_MESSAGES.notAnImage);
    }
  }
  return out;
}
