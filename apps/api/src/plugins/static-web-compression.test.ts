import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { preferredEncoding } from './static-web';

// #21.4: the built web app goes out pre-compressed (brotli or gzip by Accept-Encoding, written
// once by the build), hashed files cached for a year, index.html revalidated.
const SCRIPT = `export const words = ${JSON.stringify('football tips '.repeat(2000))};\n`;
const HTML = `<!doctype html><html><head><title>SPA</title></head><body>${'<div></div>'.repeat(300)}</body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'tips-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, 'assets', 'vendor-1a2b3c.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'tiny-9f8e7d.js'), 'export {};\n');
  // The build step itself (apps/web/scripts/precompress.mjs), on this folder.
  const script = path.resolve(import.meta.dirname, '../../../web/scripts/precompress.mjs');
  const { precompress } = (await import(script)) as { precompress: (dir: string) => unknown };
  precompress(dist);
  t = await createTestApp({ database: createFakeDatabase(), features: [], env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('pre-compressed static files', () => {
  it('sends brotli to a browser that accepts it, a year immutable, and far fewer bytes', async () => {
    const res = await get('/assets/vendor-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 20);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/vendor-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/vendor-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const tiny = await get('/assets/tiny-9f8e7d.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('sends index.html compressed on every page path, never cached without revalidation', async () => {
    for (const url of ['/', '/today-tips']) {
      const res = await get(url, 'br;q=1.0, gzip;q=0.8');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    }
    const refused = await get('/', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
