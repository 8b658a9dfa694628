/** Dependency rules, checked by `npm run lint:deps` (and so by `npm run lint`). docs/architecture.md explains them. */

// The web app's features, lowest floor first (decision 093): a feature imports only features on a lower floor, and
// only through their api/ folder. A feature folder missing here fails lint (web-feature-has-a-floor).
const webFeatureFloors = [
  ['credits', 'content', 'developers', 'oauth-consent', 'providers'],
  ['settings', 'payments'],
  ['auth'],
  ['jobs', 'users', 'marketing', 'api-keys', 'dashboard'],
  ['community', 'admin'],
];
const WEB = '^apps/web/src/';
const WEB_TEST = '(\\.test\\.tsx?$|^apps/web/src/test/|/test/)';
const webFeatureRules = webFeatureFloors.map((floor, index) => ({
  name: 'web-feature-imports-only-lower-floors',
  severity: 'error',
  comment: 'A feature imports features on lower floors only (webFeatureFloors): no import runs back up, no circle between features.',
  from: { path: `${WEB}features/(${floor.join('|')})/`, pathNot: WEB_TEST },
  to: {
    path: `${WEB}features/`,
    pathNot: [`${WEB}features/$1/`, `${WEB}features/(${webFeatureFloors.slice(0, index).flat().join('|') || '(?!)'})/`],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two files cannot be understood (or tested) one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'engines-never-import-apps',
      severity: 'error',
      comment: 'The AI engines know nothing of HTTP, the database or the web app.',
      from: { path: '^packages/engines/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^(apps|packages/engines)/' },
    },
    {
      name: 'sdk-stands-alone',
      severity: 'error',
      comment:
        'The SDK (packages/sdk/src) is what API users run, in Node or a browser: its own files, openapi-fetch and the web platform, never the apps, the other packages or Node built-ins.',
      from: { path: '^packages/sdk/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(apps/|packages/(?!sdk/))' },
    },
    {
      name: 'sdk-runs-in-browsers',
      severity: 'error',
      from: { path: '^packages/sdk/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sdk-tooling-reaches-the-server-through-its-test-harness',
      severity: 'error',
      comment:
        "The SDK's type generator and tests build the server in process with apps/server/src/test (build-test-app.ts and its helpers), never by importing server code directly.",
      from: { path: '^packages/sdk/(scripts|test)/' },
      to: { path: '^apps/', pathNot: '^apps/server/src/test/' },
    },
    {
      name: 'module-only-through-index',
      severity: 'error',
      comment:
        "A server module is used only through its index.ts, its one public face. Tests, test helpers and benches may reach inside; a tables.ts imports another module's tables.ts for its foreign keys (decision 092).",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/index\\.ts$',
          '^apps/server/src/modules/[^/]+/tables\\.ts$',
          '^apps/server/src/modules/[^/]+/[^/]+/tables\\.ts$',
        ],
      },
    },
    {
      name: 'no-foreign-tables',
      severity: 'error',
      comment:
        "A module reads and writes another module's data through the functions on its face, never its tables (decision 092). Only a tables.ts imports another module's tables.ts, for its foreign keys.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: ['\\.test\\.ts$', '/tables\\.ts$'] },
      to: {
        path: ['^apps/server/src/modules/[^/]+/tables\\.ts$', '^apps/server/src/modules/[^/]+/[^/]+/tables\\.ts$'],
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'composition-without-tables',
      severity: 'error',
      comment:
        "app.ts, worker.ts and the platform use modules through their faces' functions (decision 092); seed.ts writes the first rows.",
      from: { path: '^apps/server/src/(?!modules/|test/)', pathNot: ['\\.test\\.ts$', '^apps/server/src/seed\\.ts$'] },
      to: { path: ['^apps/server/src/modules/[^/]+/tables\\.ts$', '^apps/server/src/modules/[^/]+/[^/]+/tables\\.ts$'] },
    },
    {
      name: 'composition-only-through-index',
      severity: 'error',
      comment: 'app.ts, worker.ts, seed.ts and the platform folders use a module only through its index.ts.',
      from: { path: '^apps/server/src/(?!modules/|test/)', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/[^/]+/index\\.ts$',
          '^apps/server/src/modules/[^/]+/tables\\.ts$',
          '^apps/server/src/modules/[^/]+/[^/]+/tables\\.ts$',
        ],
      },
    },
    {
      name: 'payments-flow-only-through-index',
      severity: 'error',
      comment:
        'Inside payments, each flow folder (card/, crypto/, orders/, ...) is used by the others only through its index.ts, and its tables.ts (decision 096).',
      from: { path: '^apps/server/src/modules/payments/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/payments/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/payments/$1/',
          '^apps/server/src/modules/payments/[^/]+/index\\.ts$',
          '^apps/server/src/modules/payments/[^/]+/tables\\.ts$',
        ],
      },
    },
    {
      name: 'payments-root-only-through-index',
      severity: 'error',
      comment: 'The files that compose payments (its plugins, routes, providers.ts) use each flow through its index.ts.',
      from: { path: '^apps/server/src/modules/payments/[^/]+\\.ts$' },
      to: {
        path: '^apps/server/src/modules/payments/[^/]+/',
        pathNot: ['^apps/server/src/modules/payments/[^/]+/index\\.ts$', '^apps/server/src/modules/payments/[^/]+/tables\\.ts$'],
      },
    },
    {
      name: 'payments-tables-are-leaves',
      severity: 'error',
      comment:
        "A payments flow's tables.ts (its Drizzle tables, decision 096) may be read by the other flows directly, so it imports no flow code: only other tables.ts files.",
      from: { path: '^apps/server/src/modules/payments/[^/]+/tables\\.ts$' },
      to: { path: '^apps/server/src/modules/payments/', pathNot: '^apps/server/src/modules/payments/[^/]+/tables\\.ts$' },
    },
    {
      name: 'no-module-imports-admin',
      severity: 'error',
      comment: 'admin/ sits on top of the domains: a domain module never reaches up into it.',
      from: { path: '^apps/server/src/modules/(?!admin/)[^/]+/' },
      to: { path: '^apps/server/src/modules/admin/' },
    },
    {
      name: 'web-shared-never-imports-up',
      severity: 'error',
      comment:
        'The web app in layers (decision 093): app/ (and main.tsx, entry-server.tsx) on top, features/ below, the shared layer (components/, lib/, session/, query-keys/) at the bottom. Shared code never imports a feature or the app.',
      from: { path: `${WEB}(components|lib|session|query-keys)/` },
      to: { path: `${WEB}(app/|features/|main\\.tsx$|entry-server\\.tsx$)` },
    },
    {
      name: 'web-features-never-import-app',
      severity: 'error',
      comment: 'Tests may render a page in its layout.',
      from: { path: `${WEB}features/`, pathNot: WEB_TEST },
      to: { path: `${WEB}(app/|main\\.tsx$|entry-server\\.tsx$)` },
    },
    {
      name: 'web-feature-only-through-api',
      severity: 'error',
      comment:
        "A feature uses another feature only through its api/ folder (bulletproof-react's rule); its pages and components stay its own. Tests may reach inside.",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: WEB_TEST },
      to: { path: `${WEB}features/[^/]+/`, pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/api/`] },
    },
    ...webFeatureRules,
    {
      name: 'web-feature-has-a-floor',
      severity: 'error',
      comment: 'Every folder of apps/web/src/features is listed in webFeatureFloors (.dependency-cruiser.cjs).',
      from: { path: `${WEB}features/(?!(${webFeatureFloors.flat().join('|')})/)[^/]+/` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.dependency-rules.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
