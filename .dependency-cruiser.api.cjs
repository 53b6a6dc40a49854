/**
 * The API's boundaries (issue #15, docs/decisions/046-domain-modules.md), checked by
 * `npm run boundaries:api` (part of `npm run check`). A deliberate violation must fail it.
 */
/**
 * Files allowed to touch the database besides repositories (*.repo.ts, infra/mail/outbox.repo.ts
 * included) and db/: Add one here only with a line in docs/architecture.md.
 */
const DATABASE_EXCEPTIONS = [];

/**
 * A domain's small public surface: what other domains may import from it directly, because it must
 * run inside their transaction or is the one definition of a rule (docs/architecture.md).
 */
const PUBLIC_SURFACES = [
  // The one projection of a tip to its DTO, with the paid-content rule (who may see the selection).
  '^apps/api/src/features/tips/tip-view[.]ts$',
  // …and its reads (the columns a tip listing selects, the viewer's purchases, one tip with its tipster).
  '^apps/api/src/features/tips/tip-view[.]repo[.]ts$',
  // Period keys and figures of a tipster's record: one definition for settlement and every reader.
  '^apps/api/src/features/tips/stat-periods[.]ts$',
  '^apps/api/src/features/tips/tipster-figures[.]ts$',
  // An audit row is written in the transaction of the action it records.
  '^apps/api/src/features/audit/audit[.]repo[.]ts$',
  // Publishing copies league, teams and kick-off from the fixture a tip is on, and refuses a
  // fixture that does not exist or has kicked off: one read, nothing else of football.
  '^apps/api/src/features/football/fixture-lookup[.]repo[.]ts$',
  // Safer gambling (decision 087): every purchase path runs the guard inside its own transaction,
  // under the buyer's row lock; the alerts read isPurchaseBlocked / isExcludedSql from it.
  '^apps/api/src/features/safer-gambling/purchase-guard[.]repo[.]ts$',
  // The AI model prices every market by the settlement's own rules (decision 070) …
  '^apps/api/src/features/tips/settlement/grading/grade-outcome[.]ts$',
  // … and its backtest reads the bundled results and the competitions' countries when the
  // database lacks the period (a fresh clone).
  '^apps/api/src/features/football/competition-catalogue[.]ts$',
  '^apps/api/src/features/football/replay/bundled-fixtures[.]ts$',
  // Market prices (decision 136): the house book prices every market with the model's pure pricing
  // (Elo ratings, score matrices, the settlement's grading) and matches an odds feed's fixtures
  // through the team aliases football keeps.
  '^apps/api/src/features/ai-model/(elo-blend|market-prices|score-matrix)[.]ts$',
  '^apps/api/src/features/football/team-alias[.]ts$',
];

/** Tests and their helpers compose the whole app (factories, signed-in users of every domain). */
const TESTS = ['[.]test[.]ts$', '[.]test-support[.]ts$'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle, type-only imports included (app-types.ts is the leaf the features use).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'database-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories (*.repo.ts), db/ and the documented exceptions import drizzle-orm, pg, PGlite or the raw SQL helpers of db/.',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          '[.]repo[.]ts$',
          '^apps/api/src/db/',
          '[.]test[.]ts$',
          '[.]test-support[.]ts$',
          ...DATABASE_EXCEPTIONS,
        ],
      },
      to: {
        path: [
          '(^|/)node_modules/drizzle-orm/',
          '(^|/)node_modules/pg/',
          '(^|/)node_modules/@electric-sql/pglite/',
          '^apps/api/src/db/(prepared|prepared-reads)[.]ts$',
          '^apps/api/src/db/schema/',
        ],
      },
    },
    {
      name: 'no-cross-feature-imports',
      severity: 'error',
      comment:
        'A feature does not import another one; services reach other domains through buildApp deps (app-types.ts).',
      from: { path: '^apps/api/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^apps/api/src/features/([^/]+)/',
        pathNot: ['^apps/api/src/features/$1/', ...PUBLIC_SURFACES],
      },
    },
    {
      name: 'settlement-does-not-import-commerce',
      severity: 'error',
      comment:
        'Tips (settlement included) never import commerce: commerce reacts to a settlement through the hook it registers in app.ts (decision 108).',
      from: { path: '^apps/api/src/features/tips/', pathNot: TESTS },
      to: { path: '^apps/api/src/features/commerce/' },
    },
    {
      name: 'commerce-does-not-import-settlement',
      severity: 'error',
      comment:
        'Commerce never imports the settlement side; it reads tips only through the tip DTO surfaces (tip-view, stat-periods: decision 108).',
      from: { path: '^apps/api/src/features/commerce/', pathNot: TESTS },
      to: {
        path: '^apps/api/src/features/tips/',
        pathNot: [
          '^apps/api/src/features/tips/tip-view[.]ts$',
          '^apps/api/src/features/tips/tip-view[.]repo[.]ts$',
          '^apps/api/src/features/tips/stat-periods[.]ts$',
        ],
      },
    },
    {
      name: 'features-not-from-infrastructure',
      severity: 'error',
      comment:
        'lib/, plugins/, infra/, db/ and config/ sit below the features and never import them (the demo seed composes domain functions like a test).',
      from: {
        path: '^apps/api/src/(lib|plugins|infra|db|config)/',
        pathNot: [...TESTS, '^apps/api/src/db/seed/'],
      },
      to: { path: '^apps/api/src/features/' },
    },
    {
      name: 'contract-stays-pure',
      severity: 'error',
      comment: 'packages/contract depends on zod only.',
      from: { path: '^packages/contract/src/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['[.]json$', 'stand-in-sdk[.]js$'] },
    // TypeScript 7 has no JS API: swc parses the sources, before compilation (type-only imports count).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/api/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
