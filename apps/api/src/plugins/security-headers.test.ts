import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'tips-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>SPA</title><script type="module" src="/assets/app.js"></script>',
  );
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

function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toContain("'self'");
  expect(csp.get('script-src')).toContain('https://www.paypal.com');
  expect(csp.get('script-src')).toContain('https://www.sandbox.paypal.com');
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-src')).toContain('https://www.scorebat.com');
  expect(csp.get('connect-src')).toContain('https://www.paypal.com');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('are on errors', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound.headers);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expectSecurityHeaders(badJson.headers);
  });

  it('are on the SPA and its history fallback', async () => {
    for (const url of ['/', '/today-tips/premium', '/dashboard?tab=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>SPA</title>');
      expectSecurityHeaders(res.headers);
    }
  });

  it('allow the live-scores origin and reCAPTCHA only when configured', async () => {
    const other = await createTestApp({
      database: createFakeDatabase(),
      features: [healthRoutes],
      env: {
        LIVESCORES_URL: 'https://widgets.example.org/live?x=1',
        RECAPTCHA_SITE_KEY: 'k',
        RECAPTCHA_SECRET: 's',
      },
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/health' });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-src')).toContain('https://widgets.example.org');
      expect(csp.get('script-src')).toContain('https://www.google.com/recaptcha/');
    } finally {
      await other.close();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).not.toContain('recaptcha');
  });
});
