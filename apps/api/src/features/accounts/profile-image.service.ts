import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@tips/contract';
import sharp, { type Metadata } from 'sharp';
import type { Db } from '../../db/client';
import { AppError, badRequest, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUploadedImageFile, profileImagesDir, profileImageUrl } from './profile-image-files';
import { findUserById, setProfileImage } from './users.repo';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Avatars are shown small; storing more than this only costs bandwidth. */
const OUTPUT_MAX_SIDE = 512;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** By content, never by the name or the declared type the browser sent. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

export const imageTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.imageTooLarge);
const imageInvalid = () => badRequest(MESSAGES.imageInvalid);

/**
 * Checks and re-encodes an upload: the header is read first, so a decompression bomb (a small file
 * declaring a huge picture) is refused before any pixel is decoded; then the picture is decoded with
 * sharp's own pixel limit as a second guard, turned upright, shrunk, and written as WebP without
 * any metadata (EXIF, GPS, ICC comments: sharp drops them unless asked to keep them).
 */
export async function reencodeProfileImage(input: Buffer): Promise<Buffer> {
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const kind = detectImageKind(input);
  if (!kind) throw imageInvalid();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const, pages: 1 };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? imageTooLarge() : imageInvalid();
  }
  if (meta.format !== kind) throw imageInvalid();
  if (!meta.width || !meta.height) throw imageInvalid();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw imageTooLarge();
  try {
    return await sharp(input, options)
      .rotate()
      .resize({ width: OUTPUT_MAX_SIDE, height: OUTPUT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw isPixelLimitError(error) ? imageTooLarge() : imageInvalid();
  }
}

export interface ProfileImageServiceDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
}

export type ProfileImageService = ReturnType<typeof createProfileImageService>;

export function createProfileImageService(deps: ProfileImageServiceDeps) {
  const dir = profileImagesDir(deps.dataDir);

  /** Stores the re-encoded picture and points the user at it; returns the URL to show. */
  async function replaceProfileImage(userId: number, upload: Buffer): Promise<string> {
    const user = await findUserById(deps.db, userId);
    if (!user) throw unauthorized();
    const webp = await reencodeProfileImage(upload);
    await mkdir(dir, { recursive: true });
    const file = `u${userId}-${randomUUID()}.webp`;
    const temp = path.join(dir, `.${file}.tmp`);
    // Write then rename: a reader never sees half a file.
    await writeFile(temp, webp, { mode: 0o644 });
    await rename(temp, path.join(dir, file));
    try {
      await setProfileImage(deps.db, userId, file, deps.clock.now());
    } catch (error) {
      await rm(path.join(dir, file), { force: true });
      throw error;
    }
    const previous = user.profileImage;
    if (previous && previous !== file && isUploadedImageFile(previous)) {
      await rm(path.join(dir, previous), { force: true }).catch(() => {});
    }
    return profileImageUrl(file) as string;
  }

  return { replaceProfileImage, dir };
}
