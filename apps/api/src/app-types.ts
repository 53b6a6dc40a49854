import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AdminOrder } from '@tips/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config/env';
import type { Database, Tx } from './db/client';
import type { TipRow } from './db/rows';
import type { LiveSession } from './features/accounts/session-liveness.repo';
import type { CatalogueCache } from './features/catalogue/catalogue-cache';
import type { PaypalPort } from './features/commerce/paypal/paypal.port';
import type { MarketPriceReader } from './features/market-prices/market-price-reader';
import type { AppMetrics } from './infra/metrics/app-metrics';
import type { Clock } from './lib/clock';
import type { AccessTokenService } from './lib/tokens';

/**
 * The types every feature module needs from the composition root, in a leaf file: features import
 * this, never app.ts, so no import cycle runs through buildApp (checked by `npm run boundaries:api`).
 * Types only: what is built, is built in app.ts.
 */

/** The Fastify instance route modules receive: zod schemas type params, query, body and replies. */
export type AppInstance = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every feature gets from buildApp. */
export interface CoreDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** Shared Redis connection when REDIS_URL is set (caches, locks); null otherwise. */
  redis: Redis | null;
}

/**
 * Services shared across features (ports to the outside world, token signing, the catalogue cache,
 * and the few calls one domain makes into another), built once by buildApp. Tests replace any of
 * them through `buildApp({ services: { … } })`.
 */
export interface AppServices {
  accessTokens: AccessTokenService;
  /** Accounts: the user's current roles and email state while the token's session is open, else null. */
  liveSession: (userId: number, sessionId: string) => Promise<LiveSession | null>;
  /** PayPal Orders v2: the REST adapter (to PayPal, or to the local emulator in sandbox-local mode). */
  paypal: PaypalPort;
  /** The public-catalogue cache, one per app (in process, or shared through Redis). */
  catalogueCache: CatalogueCache;
  /** Writers that change what the catalogue shows call this after their commit; never throws. */
  onCatalogueChanged: () => Promise<void>;
  /** Commerce: a user's latest orders, for the accounts back office's user detail. */
  recentOrdersOfUser: (userId: number, limit: number) => Promise<AdminOrder[]>;
  /** Commerce: grants a freshly published AI tip to its plan's subscribers, in the publishing transaction. */
  deliverAiTip: (tx: Tx, tip: TipRow) => Promise<unknown>;
  /** Alerts: notifies the tipster's followers of a new tip, in the publishing transaction (any path). */
  alertFollowers: (tx: Tx, tip: TipRow) => Promise<unknown>;
  /** Records: whether a tipster's record chain verifies (the daily tier review asks it, decision 165). */
  isRecordVerified: (tipsterId: number) => Promise<boolean>;
  /** This app's Prometheus registry and instruments (GET /metrics). */
  metrics: AppMetrics;
  /** Market prices (issue #27): best current and closing prices of a selection, source and age bound in. */
  marketPrices: MarketPriceReader;
  /**
   * What other domains do when a tip is settled or corrected, in the settling transaction (commerce
   * refunds a voided tip's buyers). Every settlement path runs them (tips/settlement/settle-one-tip.ts).
   */
  settlementHooks: readonly SettlementHook[];
}

/** A tip's settlement or correction as a subscriber sees it, inside the settling transaction. */
export interface TipSettlementEvent {
  tx: Tx;
  kind: 'settled' | 'corrected';
  /** The tip as it now stands (result, outcome, details). */
  tip: TipRow;
  /** A correction: the tip as it stood before; null for a first settlement. */
  before: TipRow | null;
  now: Date;
}

/**
 * A subscriber to settlements. `inTransaction` runs in the settling transaction (a throw rolls the
 * settlement back); what it returns is kept in the settlement's audit row under `name`.
 * `afterCommit` runs once the settlements of one request or sweep have committed (best effort: a
 * failure is logged, never thrown), with the tips that were settled.
 */
export interface SettlementHook {
  name: string;
  inTransaction(event: TipSettlementEvent): Promise<Record<string, number> | undefined>;
  afterCommit?(tips: readonly TipRow[]): Promise<void>;
}

export interface FeatureDeps extends CoreDeps {
  services: AppServices;
}

/** A feature's routes, registered in its own encapsulated scope under the '/api' prefix. */
export type FeatureModule = (app: AppInstance, deps: FeatureDeps) => Promise<void>;
