import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Test images, built in memory (used by the unit and integration tests only).

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a marker string (e.g. a camera owner or GPS data). */
export function jpegWithExif(marker: string): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: marker, Artist: marker, ImageDescription: marker } })
    .toBuffer();
}

export function webpOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#00aa00' } })
    .webp()
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit grayscale PNG of `side`×`side` pixels (400 megapixels at
 * 20000) whose zero rows deflate to a few tens of kilobytes.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const raw = Buffer.alloc(rowBytes * side); // filter byte 0 and black pixels, all zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG header that promises a picture, followed by junk. */
export function corruptPng(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('not really a png'),
  ]);
}

export function gifOf(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
}
