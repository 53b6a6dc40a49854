import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { corruptPng, gifOf, jpegWithExif, pngBomb, pngOf, webpOf } from './image-fixtures.test-support';
import { detectImageKind, MAX_IMAGE_BYTES, reencodeProfileImage } from './profile-image.service';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; messages: string[] };
  }
  throw new Error('expected a rejection');
}

describe('detectImageKind', () => {
  it('recognises JPEG, PNG and WebP by their bytes', async () => {
    expect(detectImageKind(await jpegWithExif('x'))).toBe('jpeg');
    expect(detectImageKind(await pngOf(2, 2))).toBe('png');
    expect(detectImageKind(await webpOf(2, 2))).toBe('webp');
  });

  it('rejects everything else, including GIF, text and short input', async () => {
    expect(detectImageKind(await gifOf())).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.from('RIFF'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeProfileImage', () => {
  it('outputs a WebP without the EXIF metadata of the upload', async () => {
    const marker = 'SECRET-OWNER-MARKER-42';
    const input = await jpegWithExif(marker);
    expect(input.includes(marker)).toBe(true);
    const out = await reencodeProfileImage(input);
    expect(detectImageKind(out)).toBe('webp');
    expect(out.includes(marker)).toBe(false);
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('shrinks large pictures to at most 512 px a side', async () => {
    const out = await reencodeProfileImage(await pngOf(2000, 1000));
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
  });

  it('accepts 25 megapixels and refuses one row more, from the header alone', async () => {
    const ok = await reencodeProfileImage(pngBomb(5000));
    expect(detectImageKind(ok)).toBe('webp');
    const tooMany = await rejection(reencodeProfileImage(pngBomb(5001)));
    expect(tooMany.status).toBe(413);
  });

  it('refuses a decompression bomb quickly, before decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const error = await rejection(reencodeProfileImage(bomb));
    expect(error.status).toBe(413);
    // Decoding 400 megapixels would take seconds and hundreds of MB; the header check takes ms.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses non-images, corrupt images, GIFs and oversized input with 4xx', async () => {
    for (const input of [Buffer.from('hello'), corruptPng(), await gifOf()]) {
      const error = await rejection(reencodeProfileImage(input));
      expect(error.status).toBe(400);
    }
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect((await rejection(reencodeProfileImage(big))).status).toBe(413);
  });
});
