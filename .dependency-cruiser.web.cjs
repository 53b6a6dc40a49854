/**
 * The web app's import rules (issue #15), run by `npm run boundaries:web` as part of `npm run check`.
 * Imports flow lib/components → features → app (bulletproof-react): a feature never imports another
 * feature (the route modules in app/ compose them), the shared kit never imports a feature or the
 * app, and nothing imports in a circle. Type-only imports count (tsPreCompilationDeps).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles, type-only ones included, make load order and chunking fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A feature never imports another feature: move the shared piece to components/ or lib/, or compose in app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-kit-stays-shared',
      severity: 'error',
      comment:
        'components/, lib/, stores/ and test/ are the shared kit: they never import a feature or the app.',
      from: { path: '^apps/web/src/(components|lib|stores|test)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'features-do-not-import-app',
      severity: 'error',
      comment: 'app/ composes features; a feature never reaches back into it.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'test-support-only-in-tests',
      severity: 'error',
      comment: 'Test helpers (*.test-support.ts(x)) serve tests only: the app never ships them.',
      from: { pathNot: '\\.test(-support)?\\.tsx?$|^apps/web/src/test/setup\\.ts$' },
      to: { path: '\\.test-support\\.tsx?$' },
    },
    {
      name: 'contract-rules-without-zod',
      severity: 'error',
      comment: '@tips/contract/rules is the zod-free entry the public pages import (decision 061).',
      from: { path: '^packages/contract/src/rules/' },
      to: { path: '(^|/)node_modules/zod/|^packages/contract/src/(?!rules/)' },
    },
    {
      name: 'no-contract-main-entry',
      severity: 'error',
      comment:
        'The web imports rules from @tips/contract/rules and schemas from @tips/contract/<area>.schemas.',
      from: { path: '^apps/web/src/' },
      to: { path: '^packages/contract/src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.app.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
