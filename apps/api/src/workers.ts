import type { FastifyBaseLogger } from 'fastify';
import type { AppServices, CoreDeps } from './app-types';
import { type AiModelWorker, createAiModelWorker } from './features/ai-model/ai-model-worker';
import { createAlertMailer } from './features/alerts/alert-mailer';
import { createUnsubscribeTokens } from './features/alerts/unsubscribe-token';
import { createPayoutWorkerOn } from './features/commerce/payouts/payouts.services';
import { createPaypalReconciler } from './features/commerce/paypal/paypal-reconciler';
import { createPaypalRefundWorkerOn } from './features/commerce/voided-tip-refunds/voided-tip-refunds.services';
import { createFixtureWriter } from './features/football/fixtures.service';
import { createFootballFeedWorker, type FootballFeedWorker } from './features/football/football-feed-worker';
import { loadBundledFixtures } from './features/football/replay/bundled-fixtures';
import { createMarketPricesWorker } from './features/market-prices/market-prices-worker';
import type { PriceRefresher } from './features/market-prices/price-refresher';
import { createRecordAnchorWorker } from './features/records/record-anchor-worker';
import { createClosingPricesWorker } from './features/tips/closing/closing-prices-worker';
import { createModelTipPublisher } from './features/tips/model-tip-publisher';
import { startTipsterRecordRefresher } from './features/tips/record-refresh';
import { startSettlementSweeper } from './features/tips/settlement/automatic/settlement-sweeper';
import { createSettlement } from './features/tips/settlement/settlement-services';
import { createTierReviewWorker } from './features/tipster-tiers/tier-review-worker';
import { tipsterTiersServiceOf } from './features/tipster-tiers/tipster-tiers.module';
import { createMailTransport } from './infra/mail/mail-transport';
import { createOutboxWorker } from './infra/mail/outbox-worker';

/**
 * The background work of one API process, built by buildApp (`startWorkers: true`) from the same
 * config, database and services as the routes, started once the server listens (in sandbox-local
 * mode the PayPal and football emulators they call are this server) and stopped when it closes.
 */
export interface BackgroundWorkers {
  /** Fixtures and results: football-data.org when FOOTBALL_DATA_TOKEN is set, else the replay (null = off). */
  football: FootballFeedWorker | null;
  /** The AI tier: refits after results and every six hours, publishes each tier's daily pick. */
  aiModel: AiModelWorker;
  /** Market prices of upcoming fixtures: API-Football with ODDS_API_KEY, else the house book. */
  marketPrices: PriceRefresher;
  start(): void;
  stop(): Promise<void>;
}

export function createBackgroundWorkers(
  core: CoreDeps,
  services: Pick<
    AppServices,
    | 'paypal'
    | 'onCatalogueChanged'
    | 'deliverAiTip'
    | 'alertFollowers'
    | 'settlementHooks'
    | 'isRecordVerified'
    | 'marketPrices'
  >,
  log: FastifyBaseLogger,
): BackgroundWorkers {
  const { config, database, clock } = core;
  // Settles open tips of fixtures whose result arrived (started with the rest), through the same
  // pipeline and hooks as admins' settlements: a voided tip's buyers are refunded in it.
  const settlement = createSettlement(database.db, {
    clock,
    publicUrl: config.publicUrl,
    hooks: services.settlementHooks,
    onCatalogueChanged: services.onCatalogueChanged,
    log,
  });
  let sweeper: ReturnType<typeof startSettlementSweeper> | undefined;
  // Repairs tipster record rows left stale by a failed or interrupted refresh after a settlement's
  // commit (decision 107).
  let recordRefresher: ReturnType<typeof startTipsterRecordRefresher> | undefined;
  // The AI models publish through the tipster portal's path: delivery, alerts, audit (decision 071).
  const publishModelTip = createModelTipPublisher({
    db: database.db,
    clock,
    onCatalogueChanged: services.onCatalogueChanged,
    deliverAiTip: services.deliverAiTip,
    alertFollowers: services.alertFollowers,
    marketPrices: services.marketPrices,
  });
  const aiModel = createAiModelWorker({
    database,
    clock,
    log,
    publish: publishModelTip,
    marketPrice: services.marketPrices.bestCurrentPrice,
  });
  // Prices of upcoming fixtures, refreshed in the background (several processes share the polls).
  const marketPrices = createMarketPricesWorker({ config, database, clock, log });
  // Closing prices and CLV of the tips of fixtures that kicked off (decision 155), once whatever
  // number of processes run it.
  const closingPrices = createClosingPricesWorker({
    database,
    clock,
    log,
    prices: services.marketPrices,
    onCatalogueChanged: services.onCatalogueChanged,
  });
  const football = createFootballFeedWorker({
    config,
    database,
    clock,
    log,
    writeFixtures: createFixtureWriter({ db: database.db, clock }),
    loadBundledFixtures,
    // New results settle at once rather than at the next sweep (a repeated id is harmless: only
    // open tips settle, under SKIP LOCKED), and the model refits on them.
    onResults: (fixtureIds) => {
      log.info({ fixtureIds }, 'football results arrived');
      settlement.fixtures
        .settleFixtures(fixtureIds)
        .catch((error) => log.error({ err: error, fixtureIds }, 'settlement of new results failed'));
      aiModel.onResults();
      marketPrices.onResults();
    },
  });
  // Delivers the email outbox (at least once; several processes share the work).
  const outbox = createOutboxWorker({
    database,
    transport: createMailTransport({ smtpUrl: config.mail.smtpUrl, mailDir: config.mail.mailDir }),
    clock,
    from: config.mail.from,
    log,
  });
  // Followers' alert emails (instant and daily digests) into the outbox; processes share the work.
  const alertMailer = createAlertMailer({
    database,
    clock,
    publicUrl: config.publicUrl,
    tokens: createUnsubscribeTokens(config.jwt.secret),
    log,
  });
  // Captures PayPal orders that were approved but whose browser never came back; the app's port,
  // so its failures are counted in /metrics.
  const reconciler = createPaypalReconciler({
    database,
    paypal: services.paypal,
    clock,
    publicUrl: config.publicUrl,
    earnings: config.earnings,
    log,
  });
  // Refunds PayPal payments of voided tips (the settlement hook leaves them pending), through the
  // app's port like the reconciler.
  const paypalRefunds = createPaypalRefundWorkerOn(database.db, {
    paypal: services.paypal,
    clock,
    publicUrl: config.publicUrl,
    log,
  });
  // Sends tipsters' requested payouts through PayPal Payouts (decision 171); the items' webhooks
  // finish them.
  const payoutSender = createPayoutWorkerOn(database.db, {
    paypal: services.paypal,
    clock,
    terms: config.earnings,
    publicUrl: config.publicUrl,
    log,
  });
  // Publishes each day's Merkle root over every tipster's record chain (decision 077).
  const anchors = createRecordAnchorWorker({ database, clock, log });
  // Applies the tier rules to every person tipster once a day (decision 165).
  const tierReview = createTierReviewWorker({
    tiers: tipsterTiersServiceOf({ config, database, clock, services }),
    log,
  });

  let started = false;
  return {
    football,
    aiModel,
    marketPrices,
    start() {
      if (started) return;
      started = true;
      outbox.start();
      alertMailer.start();
      reconciler.start();
      paypalRefunds.start();
      payoutSender.start();
      anchors.start();
      tierReview.start();
      football?.start();
      aiModel.start();
      marketPrices.start();
      closingPrices.start();
      recordRefresher = startTipsterRecordRefresher({ db: database.db, log });
      sweeper = startSettlementSweeper(settlement.sweep, { log });
    },
    async stop() {
      await Promise.all([
        outbox.stop(),
        alertMailer.stop(),
        reconciler.stop(),
        paypalRefunds.stop(),
        payoutSender.stop(),
        anchors.stop(),
        tierReview.stop(),
        football?.stop(),
        aiModel.stop(),
        marketPrices.stop(),
        closingPrices.stop(),
        sweeper?.stop(),
        recordRefresher?.stop(),
      ]);
    },
  };
}
