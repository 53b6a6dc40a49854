import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MANUAL_METHODS, type ManualMethod, PASSWORD_MAX, PASSWORD_MIN } from '@tips/contract';
import { z } from 'zod';
import { findRepoRoot } from './repo-root';

/**
 * The whole environment, parsed once at start-up. Nothing else in the API reads `process.env`:
 * code receives an `AppConfig` from `buildApp`'s deps. Every variable has a safe default so the
 * product runs offline with no configuration at all; `.env.example` documents them.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The webhook id of the local PayPal emulator (sandbox-local mode). */
export const SANDBOX_WEBHOOK_ID = 'SANDBOX-LOCAL-WEBHOOK';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: `Expected a number between ${min} and ${max}` })
    .int({ error: `Expected a whole number between ${min} and ${max}` })
    .min(min, { error: `Expected a number between ${min} and ${max}` })
    .max(max, { error: `Expected a number between ${min} and ${max}` })
    .default(fallback);

const bool = (fallback: boolean) => z.stringbool({ error: 'Expected true or false' }).default(fallback);

const urlWithProtocols = (protocols: string[], message: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, message);

const httpUrl = urlWithProtocols(['http:', 'https:'], 'Expected an http:// or https:// URL');

// MANUAL_PAYMENT_DETAILS='{"3":"bc1q…","0":"payments@example.com"}': where to send money for each
// manual method (values 0–9), put into the payment-instructions email and the success popup.
const manualPaymentDetails = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON object such as {"3":"bc1q…"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .partialRecord(
        z.enum(MANUAL_METHODS.map(String) as [string, ...string[]], {
          error: 'Keys must be manual payment methods 0 to 9',
        }),
        z.string().trim().min(1).max(500),
        { error: 'Expected a JSON object such as {"3":"bc1q…"}' },
      )
      .transform((record) => record as Partial<Record<`${ManualMethod}`, string>>),
  )
  .transform((record) => {
    const details: Partial<Record<ManualMethod, string>> = {};
    for (const [key, value] of Object.entries(record))
      if (value) details[Number(key) as ManualMethod] = value;
    return details;
  });

const EnvSchema = z
  .object({
    PORT: int(3000, 1, 65535),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// URL').optional(),
    DB_POOL_MAX: int(10, 1, 1000),
    DB_STATEMENT_TIMEOUT_MS: int(5000, 100, 600_000),
    DB_IDLE_TX_TIMEOUT_MS: int(10_000, 100, 3_600_000),
    DB_CONNECT_TIMEOUT_MS: int(5000, 100, 60_000),
    DB_PREPARED_STATEMENTS: bool(true),
    // Production runs `npm run db:migrate` as its release step and sets this to false (decision 115).
    MIGRATE_ON_START: bool(true),
    DB_MIGRATION_LOCK_TIMEOUT_MS: int(10_000, 100, 600_000),
    CATALOGUE_CACHE_TTL_MS: int(5000, 0, 600_000),
    SHED_MAX_EVENT_LOOP_DELAY_MS: int(250, 0, 60_000),
    SHED_MAX_DB_WAIT_MS: int(5000, 0, 60_000),
    SHED_MAX_EVENT_LOOP_UTILIZATION: z.coerce
      .number({ error: 'Expected a number between 0 and 1' })
      .min(0, { error: 'Expected a number between 0 and 1' })
      .max(1, { error: 'Expected a number between 0 and 1' })
      .default(0),
    REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL').optional(),
    // Keeps deployments (or test runs) that share one Redis apart: every key starts with it.
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{0,64}$/, { error: 'letters, digits, ":", "_", "." or "-", at most 64' })
      .default(''),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
    ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86_400),
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    PAYPAL_API_BASE: httpUrl.optional(),
    // The stand-in lets anyone approve their own order: in production it must be asked for by name.
    PAYPAL_MODE: z.enum(['sandbox-local'], { error: 'Expected sandbox-local (or unset)' }).optional(),
    // `production` turns on the PayPal guard below and hides /api/docs by default; other values are accepted.
    NODE_ENV: z.string().default('development'),
    PAYPAL_WEBHOOK_ID: z.string().trim().min(1).max(64).optional(),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_DIR: z.string().optional(),
    MAIL_FROM: z.string().default('Tips Market <no-reply@localhost>'),
    SUPPORT_EMAIL: z.email({ error: 'Expected an email address' }).default('support@tipsmarket.example'),
    MANUAL_PAYMENT_DETAILS: manualPaymentDetails.optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET: z.string().optional(),
    RECAPTCHA_VERIFY_URL: httpUrl.default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.coerce
      .number({ error: 'Expected a number between 0 and 1' })
      .min(0, { error: 'Expected a number between 0 and 1' })
      .max(1, { error: 'Expected a number between 0 and 1' })
      .default(0.5),
    SEED_DEMO: bool(true),
    ADMIN_EMAIL: z.email({ error: 'Expected an email address' }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN, { error: `must be at least ${PASSWORD_MIN} characters long` })
      .max(PASSWORD_MAX, { error: `must be at most ${PASSWORD_MAX} characters long` })
      .optional(),
    TRUST_PROXY: bool(false),
    CORS_ORIGIN: z
      .string()
      .refine(
        (value) => value.split(',').every((origin) => isOrigin(origin.trim())),
        'Expected a comma-separated list of origins such as https://example.com',
      )
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `Expected one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    SEO_KEYWORDS: bool(true),
    API_DOCS: z.stringbool({ error: 'Expected true or false' }).optional(),
    LIVESCORES_URL: httpUrl.default('https://www.scorebat.com/embed/livescore/'),
    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    FOOTBALL_DATA_TOKEN: z.string().optional(),
    FOOTBALL_DATA_API_BASE: httpUrl.default('https://api.football-data.org/v4'),
    FOOTBALL_DATA_COMPETITIONS: z
      .string()
      .regex(/^[A-Z0-9]{2,5}(,[A-Z0-9]{2,5})*$/, {
        error: 'Expected comma-separated football-data.org competition codes such as PL,BL1,PD',
      })
      .default('PL,BL1,PD,SA,FL1'),
    FOOTBALL_DATA_POLL_SECONDS: int(300, 30, 86_400),
    FOOTBALL_DATA_LIVE_POLL_SECONDS: int(60, 10, 3600),
    ODDS_API_KEY: z.string().optional(),
    ODDS_API_URL: httpUrl.default('https://v3.football.api-sports.io'),
    ODDS_API_LEAGUES: z
      .string()
      .regex(/^[a-z0-9.]+:\d{1,6}(,[a-z0-9.]+:\d{1,6})*$/, {
        error: 'Expected comma-separated competition:league pairs such as en.1:39,de.1:78',
      })
      .default('en.1:39,de.1:78,es.1:140,it.1:135,fr.1:61'),
    ODDS_API_MIN_POLL_MINUTES: int(60, 1, 1440),
    PRICE_REFRESH_SECONDS: int(900, 10, 86_400),
    PRICE_MAX_AGE_MINUTES: int(120, 1, 10_080),
    PRICE_DAYS_AHEAD: int(7, 1, 30),
    PRICE_HISTORY_DAYS: int(30, 1, 3650),
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
    // OpenTelemetry's own variable names: tracing is off unless an OTLP/HTTP endpoint is given.
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
    OTEL_SERVICE_NAME: z.string().default('tips-market'),
    // Sentry-compatible error reporting (Sentry, GlitchTip, Bugsink…): https://<key>@<host>/<project>.
    ERROR_REPORTING_DSN: urlWithProtocols(
      ['http:', 'https:'],
      'Expected a DSN such as https://publickey@errors.example.com/1',
    )
      .refine((dsn) => {
        const url = new URL(dsn);
        return url.username !== '' && /^\/(.+\/)?\d+$/.test(url.pathname);
      }, 'Expected a DSN such as https://publickey@errors.example.com/1 (a key and a project number)')
      .optional(),
    FOOTBALL_REPLAY: z.enum(['auto', 'on', 'off'], { error: 'Expected auto, on or off' }).default('auto'),
    // Tipster earnings (decision 170): the tipster's share of a sale in percent, the days earnings
    // stay pending after the tip settles (a chargeback window; 0 for tests), the smallest payout in
    // whole dollars.
    TIPSTER_SHARE_PERCENT: int(70, 0, 100),
    EARNINGS_HOLD_DAYS: int(14, 0, 365),
    PAYOUT_MINIMUM: int(50, 1, 100_000),
  })
  .superRefine((env, ctx) => {
    const pairs: Array<[keyof typeof env, keyof typeof env]> = [
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET'],
      ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
    ];
    const hasPaypalKeys = env.PAYPAL_CLIENT_ID !== undefined && env.PAYPAL_CLIENT_SECRET !== undefined;
    if (env.NODE_ENV === 'production' && !hasPaypalKeys && env.PAYPAL_MODE !== 'sandbox-local') {
      // Issue #19.8: the emulator approves any order its caller asks it to, so credits would be free.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_ID'],
        message:
          'required when NODE_ENV=production: without PayPal keys the local PayPal stand-in lets anyone approve their own order and mint credits. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or PAYPAL_MODE=sandbox-local to run the stand-in anyway',
      });
    }
    if (env.PAYPAL_MODE === 'sandbox-local' && hasPaypalKeys) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_MODE'],
        message:
          'sandbox-local runs the local stand-in: unset PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or PAYPAL_MODE',
      });
    }
    for (const [a, b] of pairs) {
      if (env[a] !== undefined && env[b] === undefined) {
        ctx.addIssue({ code: 'custom', path: [b], message: `required when ${a} is set` });
      }
      if (env[b] !== undefined && env[a] === undefined) {
        ctx.addIssue({ code: 'custom', path: [a], message: `required when ${b} is set` });
      }
    }
  });

type Env = z.output<typeof EnvSchema>;

/**
 * The parsed configuration: each variable is described once, in EnvSchema above, and this
 * transform shapes the result; `AppConfig` is its output type, so there is no second description.
 */
const ConfigSchema = EnvSchema.transform((env) => toAppConfig(env));
export type AppConfig = z.output<typeof ConfigSchema>;
export type PaypalMode = AppConfig['paypal']['mode'];

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** `FOO=` (as copied from .env.example) means "use the default", not "the empty string". */
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

function toAppConfig(env: Env) {
  const repoRoot = findRepoRoot();
  const fromRoot = (p: string) => path.resolve(repoRoot, p);
  const dataDir = fromRoot(env.DATA_DIR);
  const jwt = resolveJwtSecret(env.JWT_SECRET, dataDir);
  const hasPaypalCredentials = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
  // The local PayPal emulator is reached over loopback so it works behind any proxy or PUBLIC_URL.
  const loopbackHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const localPaypalBase = `http://${loopbackHost.includes(':') ? `[${loopbackHost}]` : loopbackHost}:${env.PORT}/api/sandbox/paypal`;

  return {
    port: env.PORT,
    host: env.HOST,
    /** Origin the browser uses, without a trailing slash (links in emails, canonical URLs). */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    repoRoot,
    dataDir,
    /** Unset → embedded PGlite under `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    isEmbeddedDatabase: env.DATABASE_URL === undefined,
    dbPoolMax: env.DB_POOL_MAX,
    /** Reads kept as prepared statements (db/prepared-reads.ts). */
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    /** PostgreSQL ends a session idle inside a transaction for this long (its locks are released). */
    dbIdleInTransactionTimeoutMs: env.DB_IDLE_TX_TIMEOUT_MS,
    /** How long to wait for a pooled PostgreSQL connection before failing the request. */
    dbConnectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    /** Lifetime of public-catalogue cache entries; 0 turns the cache off (benchmarks, debugging). */
    catalogueCacheTtlMs: env.CATALOGUE_CACHE_TTL_MS,
    /** false: the process only checks that no migration is pending (the release step applies them). */
    migrateOnStart: env.MIGRATE_ON_START,
    /** How long a migration statement may wait for a lock; there is no statement timeout while migrating. */
    dbMigrationLockTimeoutMs: env.DB_MIGRATION_LOCK_TIMEOUT_MS,
    /** Load shedding (503 + Retry-After) thresholds; 0 turns a check off. */
    underPressure: {
      maxEventLoopDelayMs: env.SHED_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: env.SHED_MAX_EVENT_LOOP_UTILIZATION,
      maxDatabaseWaitMs: env.SHED_MAX_DB_WAIT_MS,
    },
    redisUrl: env.REDIS_URL,
    /** Prefixed to every Redis key ('' = none). */
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    /** secretSource 'file': generated into DATA_DIR/jwt-secret (one machine only; set JWT_SECRET to scale out). */
    jwt: { ...jwt, accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS },
    paypal: {
      mode: hasPaypalCredentials ? ('live' as const) : ('sandbox-local' as const),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      /** REST base the adapter calls: PayPal's, or this server's local emulator in sandbox-local mode. */
      // With real credentials but no base, PayPal's own sandbox: going live is an explicit choice.
      apiBase: (
        env.PAYPAL_API_BASE ?? (hasPaypalCredentials ? 'https://api-m.sandbox.paypal.com' : localPaypalBase)
      ).replace(/\/+$/, ''),
      /**
       * The id PayPal gave this shop's webhook (PAYPAL_WEBHOOK_ID), sent back with each signature
       * check; the emulator's fixed id in sandbox-local mode; null = webhooks refused (503).
       */
      webhookId: env.PAYPAL_WEBHOOK_ID ?? (hasPaypalCredentials ? null : SANDBOX_WEBHOOK_ID),
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      mailDir: env.MAIL_DIR ? fromRoot(env.MAIL_DIR) : path.join(dataDir, 'mail'),
      from: env.MAIL_FROM,
      /** The one support address: the site (GET /api/config), every email, the contact form. */
      supportEmail: env.SUPPORT_EMAIL,
    },
    /** Where to send money for each manual method (0–9): wallet address, account, receiver. */
    manualPaymentDetails: env.MANUAL_PAYMENT_DETAILS ?? {},
    recaptcha: {
      enabled: Boolean(env.RECAPTCHA_SECRET && env.RECAPTCHA_SITE_KEY),
      siteKey: env.RECAPTCHA_SITE_KEY,
      secret: env.RECAPTCHA_SECRET,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      minScore: env.RECAPTCHA_MIN_SCORE,
    },
    seedDemo: env.SEED_DEMO,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    /** Empty → CORS closed (the web app is served from the same origin). */
    corsOrigins: env.CORS_ORIGIN
      ? env.CORS_ORIGIN.split(',').map((origin) => origin.trim().replace(/\/$/, ''))
      : [],
    logLevel: env.LOG_LEVEL,
    seoKeywords: env.SEO_KEYWORDS,
    /** Serve the OpenAPI document and UI at /api/docs (API_DOCS; default: on unless NODE_ENV=production). */
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    livescoresUrl: env.LIVESCORES_URL,
    webDistDir: fromRoot(env.WEB_DIST_DIR),
    footballData: {
      /** Unset → no live feed (the demo replays bundled seasons instead). */
      token: env.FOOTBALL_DATA_TOKEN,
      /** v4 REST base: football-data.org's, or this server's emulator (tests). */
      apiBase: env.FOOTBALL_DATA_API_BASE.replace(/\/+$/, ''),
      /** football-data.org competition codes polled (PL, BL1 …). */
      competitions: env.FOOTBALL_DATA_COMPETITIONS.split(','),
      pollSeconds: env.FOOTBALL_DATA_POLL_SECONDS,
      /** Tighter poll for competitions with a match in play or kicked off in the last 3 hours. */
      livePollSeconds: env.FOOTBALL_DATA_LIVE_POLL_SECONDS,
      /** Whether the bundled seasons are replayed on today's calendar (auto = when there is no token). */
      replay: env.FOOTBALL_REPLAY === 'on' || (env.FOOTBALL_REPLAY === 'auto' && !env.FOOTBALL_DATA_TOKEN),
    },
    marketPrices: {
      apiKey: env.ODDS_API_KEY,
      apiBase: env.ODDS_API_URL.replace(/\/+$/, ''),
      leagues: Object.fromEntries(
        env.ODDS_API_LEAGUES.split(',').map((pair) => {
          const [code, league] = pair.split(':');
          return [code, Number(league)];
        }),
      ),
      minPollMinutes: env.ODDS_API_MIN_POLL_MINUTES,
      refreshSeconds: env.PRICE_REFRESH_SECONDS,
      maxAgeMinutes: env.PRICE_MAX_AGE_MINUTES,
      daysAhead: env.PRICE_DAYS_AHEAD,
      historyDays: env.PRICE_HISTORY_DAYS,
    },
    earnings: {
      /** The tipster's share of a sale, percent (the rest is the platform's commission). */
      sharePercent: env.TIPSTER_SHARE_PERCENT,
      /** Earnings stay pending this many days after their tip settled, then are available. */
      holdDays: env.EARNINGS_HOLD_DAYS,
      /** The smallest payout a tipster may request, in cents. */
      payoutMinimumCents: env.PAYOUT_MINIMUM * 100,
    },
    /** Bearer token for GET /metrics; unset → only loopback clients not behind a proxy may scrape. */
    metricsToken: env.METRICS_TOKEN,
    /** OTLP/HTTP traces (decision 118); endpoint unset = off. */
    tracing: {
      endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      headers: env.OTEL_EXPORTER_OTLP_HEADERS,
      serviceName: env.OTEL_SERVICE_NAME,
    },
    /** Where server errors and the browser's are reported (Sentry envelope API); unset = nowhere. */
    errorReportingDsn: env.ERROR_REPORTING_DSN,
    environmentName: env.NODE_ENV,
  };
}

/**
 * An unset JWT_SECRET is generated once into DATA_DIR/jwt-secret and reused, so sessions survive
 * restarts. 'wx' makes two processes starting together agree on one secret.
 */
function resolveJwtSecret(
  fromEnv: string | undefined,
  dataDir: string,
): { secret: string; secretSource: 'env' | 'file' } {
  if (fromEnv) return { secret: fromEnv, secretSource: 'env' };
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError([`JWT_SECRET: the generated secret in ${file} is too short; delete it`]);
  return { secret, secretSource: 'file' };
}

/**
 * Loads `<repo root>/.env` into process.env when present (existing variables win). Only server.ts
 * and the CLIs call this, before `loadConfig`; tests never do.
 */
export function loadDotEnvFile(): void {
  const file = path.join(findRepoRoot(), '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
