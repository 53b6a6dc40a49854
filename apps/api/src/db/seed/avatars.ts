import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const PALETTE = ['#0f5132', '#14532d', '#1e3a8a', '#7c2d12', '#581c87', '#134e4a', '#7f1d1d', '#3f3f46'];

function escapeXml(s: string) {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Renders an initials avatar as WebP; the file name is what profile_image columns store. */
export async function writeInitialsAvatar(dir: string, fileName: string, name: string, colorIndex: number) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const bg = PALETTE[colorIndex % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${bg}"/><circle cx="130" cy="30" r="46" fill="#c9a227" opacity="0.35"/><text x="50%" y="54%" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(initials)}</text></svg>`;
  mkdirSync(dir, { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(path.join(dir, fileName));
}

/** The AI tier images ai1–ai3.webp (low, medium, high model). */
export async function writeAiAvatar(dir: string, n: 1 | 2 | 3) {
  const bars = Array.from(
    { length: n + 2 },
    (_, i) =>
      `<rect x="${30 + i * 22}" y="${110 - i * 16}" width="14" height="${20 + i * 16}" rx="3" fill="#c9a227"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#0b2a1e"/><circle cx="80" cy="80" r="70" fill="none" stroke="#1f6f4a" stroke-width="6"/>${bars}<text x="80" y="50" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#ffffff" text-anchor="middle">AI</text></svg>`;
  mkdirSync(dir, { recursive: true });
  await sharp(Buffer.from(svg))
    .webp({ quality: 85 })
    .toFile(path.join(dir, `ai${n}.webp`));
}
