import { existsSync } from 'node:fs';
import path from 'node:path';
import { writeAiAvatar } from '../../db/seed/avatars';

/**
 * The AI plan cards load users/profile-images/ai{1..3}.webp whatever the data (SPEC §2), so the
 * three pictures must exist in every deployment, seeded or not. Written once when missing.
 */
export async function ensureAiAvatars(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'profile-images');
  const missing = ([1, 2, 3] as const).filter((n) => !existsSync(path.join(dir, `ai${n}.webp`)));
  await Promise.all(missing.map((n) => writeAiAvatar(dir, n)));
}
