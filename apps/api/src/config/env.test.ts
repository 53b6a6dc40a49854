import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';
import { findRepoRoot } from './repo-root';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tips-env-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs with no configuration at all, on safe defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.isEmbeddedDatabase).toBe(true);
    expect(config.dbPoolMax).toBe(10);
    expect(config.dbStatementTimeoutMs).toBe(5000);
    expect(config.dbIdleInTransactionTimeoutMs).toBe(10_000);
    expect(config.dbConnectTimeoutMs).toBe(5000);
    expect(config.dbPreparedStatements).toBe(true);
    expect(config.catalogueCacheTtlMs).toBe(5000);
    expect(config.jwt.accessTokenTtlSeconds).toBe(900);
    expect(config.paypal.mode).toBe('sandbox-local');
    expect(config.paypal.apiBase).toBe('http://127.0.0.1:3000/api/sandbox/paypal');
    expect(config.mail.mailDir).toBe(path.join(dataDir, 'mail'));
    expect(config.recaptcha.enabled).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.corsOrigins).toEqual([]);
    expect(config.webDistDir).toBe(path.join(findRepoRoot(), 'apps/web/dist'));
  });

  it('resolves a relative DATA_DIR from the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: './.data-env-test' });
    try {
      expect(config.dataDir).toBe(path.join(findRepoRoot(), '.data-env-test'));
      expect(existsSync(path.join(findRepoRoot(), 'package.json'))).toBe(true);
    } finally {
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('names the variable in the error: PORT=abc', () => {
    const error = configError({ PORT: 'abc' });
    expect(error.problems).toEqual(['PORT: Expected a number between 1 and 65535']);
    expect(error.message).toContain('PORT: Expected a number');
  });

  it('names the variable in the error: a malformed DATABASE_URL', () => {
    for (const url of ['mysql://db/tips', 'not a url', 'localhost:5432/tips']) {
      expect(configError({ DATABASE_URL: url }).problems).toEqual([
        'DATABASE_URL: must be a postgres:// URL',
      ]);
    }
    expect(
      loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgresql://u:p@db:5432/tips' }).databaseUrl,
    ).toBe('postgresql://u:p@db:5432/tips');
  });

  it('reports every bad variable at once', () => {
    const error = configError({
      PORT: '70000',
      SEED_DEMO: 'maybe',
      JWT_SECRET: 'short',
      REDIS_URL: 'http://x',
    });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'JWT_SECRET',
      'PORT',
      'REDIS_URL',
      'SEED_DEMO',
    ]);
  });

  it('reads the pool timeouts, the shedding thresholds, and CATALOGUE_CACHE_TTL_MS=0', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DB_IDLE_TX_TIMEOUT_MS: '30000',
      DB_CONNECT_TIMEOUT_MS: '2000',
      CATALOGUE_CACHE_TTL_MS: '0',
      DB_PREPARED_STATEMENTS: 'false',
    });
    expect(config.dbIdleInTransactionTimeoutMs).toBe(30_000);
    expect(config.dbPreparedStatements).toBe(false);
    expect(config.dbConnectTimeoutMs).toBe(2000);
    expect(config.catalogueCacheTtlMs).toBe(0);
    expect(config.underPressure).toEqual({
      maxEventLoopDelayMs: 250,
      maxEventLoopUtilization: 0,
      maxDatabaseWaitMs: 5000,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), SHED_MAX_DB_WAIT_MS: '0' }).underPressure.maxDatabaseWaitMs,
    ).toBe(0);
    expect(
      loadConfig({ DATA_DIR: tempDir(), SHED_MAX_EVENT_LOOP_UTILIZATION: '0.99' }).underPressure
        .maxEventLoopUtilization,
    ).toBe(0.99);
    expect(configError({ DB_IDLE_TX_TIMEOUT_MS: '0' }).problems).toEqual([
      'DB_IDLE_TX_TIMEOUT_MS: Expected a number between 100 and 3600000',
    ]);
    expect(configError({ DB_PREPARED_STATEMENTS: 'sometimes' }).problems).toEqual([
      'DB_PREPARED_STATEMENTS: Expected true or false',
    ]);
  });

  it('refuses to start in production on the PayPal stand-in unless PAYPAL_MODE=sandbox-local says so (#19.8)', () => {
    const refused = configError({ NODE_ENV: 'production' });
    expect(refused.message).toContain('PAYPAL_CLIENT_ID: required when NODE_ENV=production');
    expect(refused.message).toContain('PAYPAL_MODE=sandbox-local');
    const chosen = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYPAL_MODE: 'sandbox-local' });
    expect(chosen.paypal.mode).toBe('sandbox-local');
    const live = loadConfig({
      DATA_DIR: tempDir(),
      NODE_ENV: 'production',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(live.paypal.mode).toBe('live');
    // Development keeps the offline default.
    expect(loadConfig({ DATA_DIR: tempDir() }).paypal.mode).toBe('sandbox-local');
    expect(
      configError({ PAYPAL_MODE: 'sandbox-local', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })
        .message,
    ).toContain('PAYPAL_MODE');
    expect(configError({ PAYPAL_MODE: 'live-ish' }).message).toContain('PAYPAL_MODE');
  });

  it('requires paired variables together', () => {
    expect(configError({ PAYPAL_CLIENT_ID: 'id' }).problems).toEqual([
      'PAYPAL_CLIENT_SECRET: required when PAYPAL_CLIENT_ID is set',
    ]);
    expect(configError({ RECAPTCHA_SECRET: 's' }).problems).toEqual([
      'RECAPTCHA_SITE_KEY: required when RECAPTCHA_SECRET is set',
    ]);
  });

  it('treats empty values as unset and derives the flags', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      PORT: ' ',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      SEED_DEMO: 'false',
      CORS_ORIGIN: 'https://a.example, http://localhost:5173/',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paypal).toMatchObject({ mode: 'live', apiBase: 'https://api-m.sandbox.paypal.com' });
    expect(config.recaptcha.enabled).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it('generates a JWT secret into DATA_DIR once and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwt.secretSource).toBe('file');
    expect(first.jwt.secret.length).toBeGreaterThanOrEqual(64);
    expect(second.jwt.secret).toBe(first.jwt.secret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwt.secret);
    const fromEnv = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) });
    expect(fromEnv.jwt).toMatchObject({ secret: 'x'.repeat(32), secretSource: 'env' });
  });

  it('operations (issue #31): migrations at start-up by default, tracing and error reporting off', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.migrateOnStart).toBe(true);
    expect(config.dbMigrationLockTimeoutMs).toBe(10_000);
    expect(config.tracing).toEqual({ endpoint: undefined, headers: undefined, serviceName: 'tips-market' });
    expect(config.errorReportingDsn).toBeUndefined();
    const production = loadConfig({
      DATA_DIR: tempDir(),
      MIGRATE_ON_START: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      ERROR_REPORTING_DSN: 'https://publickey@errors.example.com/42',
    });
    expect(production.migrateOnStart).toBe(false);
    expect(production.tracing.endpoint).toBe('http://otel-collector:4318');
    expect(production.errorReportingDsn).toBe('https://publickey@errors.example.com/42');
  });

  it('names the variable in the error: a DSN without a key or project, a non-http OTLP endpoint', () => {
    expect(configError({ ERROR_REPORTING_DSN: 'https://errors.example.com/42' }).problems).toEqual([
      'ERROR_REPORTING_DSN: Expected a DSN such as https://publickey@errors.example.com/1 (a key and a project number)',
    ]);
    expect(configError({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }).problems).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT: Expected an http:// or https:// URL',
    ]);
    expect(configError({ MIGRATE_ON_START: 'sometimes' }).problems).toEqual([
      'MIGRATE_ON_START: Expected true or false',
    ]);
  });
});
