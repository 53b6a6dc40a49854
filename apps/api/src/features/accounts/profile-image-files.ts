import path from 'node:path';

export const PROFILE_IMAGES_ROUTE = '/api/users/profile-images';

/**
 * Names the image route will serve: plain names ending in .webp, no dots or slashes elsewhere,
 * so no request can reach outside the folder. Uploads are `u<user id>-<uuid>.webp`; seeded
 * pictures (ai1.webp …) fit the same pattern.
 */
export const PROFILE_IMAGE_FILE_PATTERN = /^[A-Za-z0-9_-]{1,80}\.webp$/;
const UPLOADED_FILE_PATTERN = /^u\d+-[0-9a-f-]{36}\.webp$/;

export function profileImagesDir(dataDir: string): string {
  return path.join(dataDir, 'profile-images');
}

/** The URL the browser loads for a stored file name (absolute URLs from seeds pass through). */
export function profileImageUrl(stored: string | null): string | null {
  if (!stored) return null;
  if (/^https?:\/\//.test(stored) || stored.startsWith('/')) return stored;
  return `${PROFILE_IMAGES_ROUTE}/${stored}`;
}

/** Uploaded files are never shared, so they can be cached forever and deleted when replaced. */
export function isUploadedImageFile(file: string): boolean {
  return UPLOADED_FILE_PATTERN.test(file);
}
