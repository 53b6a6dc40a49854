import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@tips/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { freshIp, getProfile, registerAndLogin } from './accounts.test-support';
import { corruptPng, jpegWithExif, pngBomb, pngOf, webpOf } from './image-fixtures.test-support';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerAndLogin(t.app)).accessToken;
});
afterAll(() => t.close());

function multipartBody(
  parts: Array<{ field: string; filename?: string; type?: string; data: Buffer | string }>,
) {
  const boundary = `----tips${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(data: Buffer | string, opts: { field?: string; type?: string; token?: string } = {}) {
  const { payload, contentType } = multipartBody([
    { field: opts.field ?? 'file', filename: 'me.png', type: opts.type ?? 'image/png', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/profile/image',
    remoteAddress: freshIp(),
    headers: { 'content-type': contentType, authorization: `Bearer ${opts.token ?? token}` },
    payload,
  });
}

const imagesDir = () => path.join(t.config.dataDir, 'profile-images');

describe('POST /api/users/profile/image', () => {
  it('stores a re-encoded WebP without metadata and serves it with cache headers', async () => {
    const marker = 'GPS-HOME-ADDRESS-MARKER';
    const res = await upload(await jpegWithExif(marker), { type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.profileImage;
    expect(url).toMatch(/^\/api\/users\/profile-images\/u\d+-[0-9a-f-]{36}\.webp$/);
    expect((await getProfile(t.app, token)).json().data.profileImage).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(marker)).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('accepts PNG and WebP, and deletes the picture it replaces', async () => {
    const first = (await upload(await pngOf(40, 40))).json().data.profileImage as string;
    const second = await upload(await webpOf(30, 30), { type: 'image/webp' });
    expect(second.statusCode).toBe(200);
    expect(existsSync(path.join(imagesDir(), path.basename(first)))).toBe(false);
    expect(readdirSync(imagesDir()).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('refuses a non-image even when it claims to be one', async () => {
    const res = await upload('<?php system($_GET["c"]); ?>', { type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([MESSAGES.imageInvalid]);
    expect((await upload(corruptPng())).statusCode).toBe(400);
  });

  it('refuses a file over 5 MiB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10, 7)]);
    const res = await upload(big, { type: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([MESSAGES.imageTooLarge]);
  });

  it('refuses a decompression bomb quickly with 4xx', async () => {
    const started = performance.now();
    const res = await upload(pngBomb(20_000));
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([MESSAGES.imageTooLarge]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses a wrong field, a JSON body and no file with 400, and anonymous callers with 401', async () => {
    expect((await upload(await pngOf(4, 4), { field: 'avatar' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile/image',
      headers: { authorization: `Bearer ${token}` },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const empty = multipartBody([{ field: 'note', data: 'hello' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile/image',
      headers: { authorization: `Bearer ${token}`, 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile/image',
      headers: { 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/users/profile-images/:file', () => {
  it('serves only plain .webp names from the images folder', async () => {
    for (const bad of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fjwt-secret',
      'x.png',
      'a.b.webp',
      '%2E%2E.webp',
      'missing.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/profile-images/${bad}` });
      expect(res.statusCode).toBe(404);
    }
  });
});
