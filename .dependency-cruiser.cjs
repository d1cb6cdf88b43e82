/**
 * The floors of the code (STYLE §11, decision 121), enforced by `npm run lint`. In the web app the
 * floors are, from the ground up: lib/ (shared plumbing), api/ (reads and writes of the synced
 * copy), components/ (shared UI), features/<name>/, app/ (router, providers, layout), main.tsx.
 * An import may only go down or stay on its floor; features never import each other; nothing
 * imports in a circle; core stays pure; the API's test helpers and the bench use only what the
 * API package exports for them.
 */
const web = '^apps/web/src/'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other in a circle cannot be read, tested or split apart.',
      from: { path: '^(packages|apps|bench|e2e)/' },
      to: { circular: true },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      comment: 'A feature is used by the app; it never reaches back up into app/.',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'feature-to-feature',
      severity: 'error',
      comment: 'Features never import each other: share through components/, api/ or lib/.',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'components-up',
      severity: 'error',
      comment: 'Shared components sit below the features and the app.',
      from: { path: `${web}components/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'api-up',
      severity: 'error',
      comment: 'api/ reads and writes the synced copy for everyone above it; it imports only lib/.',
      from: { path: `${web}api/` },
      to: { path: `${web}(components|features|app)/` },
    },
    {
      name: 'lib-up',
      severity: 'error',
      comment: 'lib/ is the ground floor: it imports nothing of the floors above it.',
      from: { path: `${web}lib/` },
      to: { path: `${web}(api|components|features|app)/` },
    },
    {
      name: 'core-pure',
      severity: 'error',
      comment: 'packages/core is pure: no UI, no database, no server, no app.',
      from: { path: '^packages/core/' },
      to: {
        path: [
          '^apps/',
          'node_modules/(react|react-dom|@mantine|drizzle-orm|pg|@electric-sql|fastify|better-auth)/',
        ],
      },
    },
    {
      name: 'api-test-helpers',
      severity: 'error',
      comment: "The API's test helpers live in src/test/ and serve only tests.",
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/test/', '^apps/api/src/testing\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^apps/api/src/test/' },
    },
    {
      name: 'deep-into-api',
      severity: 'error',
      comment:
        "Other packages use the API through its package's exports (@kindling/api/testing), never its files.",
      from: { path: '^(bench|e2e|apps/web|packages)/' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/testing\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '^apps/web/(ios|android)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
}
