import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type AdminTipsterPage,
  type AdminTipsterResponse,
  AdminTipsterResponseSchema,
  type TipsterProfile,
} from '@tips/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, auditRows, call, callOk, NOW, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tipsterStats } from '../../db/schema';
import { createSettledTip, createTipster } from '../../db/seed/factories';
import { profileImagesDir } from './profile-image-files';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await signedIn(t, ['user', 'admin']);
});

afterAll(() => t.close());

const profileBody = {
  name: 'Nia Novak',
  category: 'SENIOR',
  location: 'Prague, CZ',
  bio: 'Czech and Slovak leagues.',
};

function multipart(field: string, file: Buffer, type = 'image/png') {
  const boundary = '----backoffice-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadPhoto(tipsterId: number, field: string, file: Buffer) {
  const body = multipart(field, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/tipsters/${tipsterId}/photo`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('admin tipster profiles', () => {
  it('creates a profile that the public catalogue shows at once, and audits it', async () => {
    const created = await call(t, 'POST', '/api/admin/tipsters', { token: admin.token, body: profileBody });
    expect(created.statusCode).toBe(201);
    const body = created.json() as AdminTipsterResponse;
    expect(AdminTipsterResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({ ...profileBody, profileImageUrl: null, user: null });

    const profile = await callOk<TipsterProfile>(
      t,
      'GET',
      `/api/tipsters/profile/${body.data.id}`,
      admin.token,
    );
    expect(profile).toMatchObject({
      name: 'Nia Novak',
      category: 'SENIOR',
      location: 'Prague, CZ',
      totalTips: 0,
    });
    const [audit] = await auditRows(t.database.db, 'tipster.create', body.data.id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      after: { name: 'Nia Novak', category: 'SENIOR' },
    });
  });

  it('edits a profile; a category change moves the figures to that category', async () => {
    const db = t.database.db;
    const tipster = await createTipster(db, { category: 'SENIOR', name: 'Old Name' });
    await createSettledTip(db, { tipsterId: tipster.id, result: 'WIN', eventTime: at(-5) });
    // The public profile is read (and cached) before the change.
    await callOk(t, 'GET', `/api/tipsters/profile/${tipster.id}`, admin.token);

    const body = await callOk<AdminTipsterResponse>(
      t,
      'PUT',
      `/api/admin/tipsters/${tipster.id}`,
      admin.token,
      {
        ...profileBody,
        name: 'New Name',
        category: 'PREMIUM',
      },
    );
    expect(body.data).toMatchObject({ name: 'New Name', category: 'PREMIUM' });
    const stats = await db.select().from(tipsterStats).where(eq(tipsterStats.tipsterId, tipster.id));
    expect(stats.length).toBe(3);
    expect(stats.every((s) => s.category === 'PREMIUM')).toBe(true);
    const profile = await callOk<TipsterProfile>(
      t,
      'GET',
      `/api/tipsters/profile/${tipster.id}`,
      admin.token,
    );
    expect(profile).toMatchObject({ name: 'New Name', category: 'PREMIUM', wins: 1 });
    const [audit] = await auditRows(db, 'tipster.update', tipster.id);
    expect(audit.before).toMatchObject({ name: 'Old Name', category: 'SENIOR' });
    expect(audit.after).toMatchObject({ name: 'New Name', category: 'PREMIUM' });
  });

  it('rejects invalid profiles (400) and unknown ids (404)', async () => {
    const bad = await call(t, 'POST', '/api/admin/tipsters', {
      token: admin.token,
      body: { ...profileBody, category: 'GOLD' },
    });
    expect(bad.statusCode).toBe(400);
    const noName = await call(t, 'POST', '/api/admin/tipsters', {
      token: admin.token,
      body: { ...profileBody, name: ' ' },
    });
    expect(noName.statusCode).toBe(400);
    const missing = await call(t, 'PUT', '/api/admin/tipsters/987654', {
      token: admin.token,
      body: profileBody,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists and searches profiles', async () => {
    await createTipster(t.database.db, { name: 'Unique Ulrika', location: 'Uppsala' });
    const page = await callOk<AdminTipsterPage>(t, 'GET', '/api/admin/tipsters?q=ulrika', admin.token);
    expect(page.data.map((p) => p.name)).toEqual(['Unique Ulrika']);
  });

  it('replaces the photo with a re-encoded WebP and deletes the one it replaces', async () => {
    const tipster = await createTipster(t.database.db);
    const first = await uploadPhoto(tipster.id, 'file', await png(800, 600));
    expect(first.statusCode).toBe(200);
    const firstUrl = (first.json() as AdminTipsterResponse).data.profileImageUrl ?? '';
    expect(firstUrl).toMatch(new RegExp(`^/api/users/profile-images/t${tipster.id}-[0-9a-f-]{36}\\.webp$`));
    const firstFile = path.join(profileImagesDir(t.config.dataDir), path.basename(firstUrl));
    const meta = await sharp(firstFile).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });

    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = await uploadPhoto(tipster.id, 'file', await png(100, 100));
    expect(second.statusCode).toBe(200);
    expect(existsSync(firstFile)).toBe(false);
    const audit = await auditRows(t.database.db, 'tipster.photo', tipster.id);
    expect(audit).toHaveLength(2);
  });

  it('refuses files that are not images, wrong fields and unknown tipsters', async () => {
    const tipster = await createTipster(t.database.db);
    expect((await uploadPhoto(tipster.id, 'file', Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(
      400,
    );
    expect((await uploadPhoto(tipster.id, 'photo', await png(10, 10))).statusCode).toBe(400);
    expect((await uploadPhoto(987654, 'file', await png(10, 10))).statusCode).toBe(404);
    const json = await call(t, 'POST', `/api/admin/tipsters/${tipster.id}/photo`, {
      token: admin.token,
      body: {},
    });
    expect(json.statusCode).toBe(400);
  });
});
