import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'tips-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'locales'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'locales', 'en.json'), '{"hello":"Hello"}');
  t = await createTestApp({
    database: createFakeDatabase(),
    features: [healthRoutes],
    env: { WEB_DIST_DIR: dist },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves hashed assets with an immutable cache policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html and other files', async () => {
    const locale = await t.app.inject({ method: 'GET', url: '/locales/en.json' });
    expect(locale.statusCode).toBe(200);
    expect(locale.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({
      method: 'GET',
      url: '/tipsters/premium',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>SPA</title>');
  });

  it('never serves the SPA for /api paths or non-HTML requests', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const json = await t.app.inject({
      method: 'GET',
      url: '/some/page',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/some/page', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('shows a friendly page when the web app is not built', async () => {
    const bare = await createTestApp({ database: createFakeDatabase(), features: [healthRoutes] });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('has not been built yet');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await bare.close();
    }
  });
});
