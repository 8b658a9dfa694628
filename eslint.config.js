import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const featuresPath = new URL(`./${featuresDir}`, import.meta.url);
const features = existsSync(featuresPath)
  ? readdirSync(featuresPath, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// A feature may use another feature only through its api/ folder (data hooks);
// pages and components stay private to their feature (bulletproof-react's rule).
// Features never import the app (decision 093), but a test may render a page in its layout.
const featurePatterns = (feature) => [
  { regex: '^@lumen/server', message: 'The web app never imports server code.' },
  { regex: '^@lumen/engines', message: 'The AI engines run on the server (apps/web/scripts may use them).' },
  {
    regex: `^@/features/(?!${feature}/)[^/]+/(?!api/)`,
    message: 'Features reach into each other only through their api/ folder.',
  },
];
const featureBoundaries = features.flatMap((feature) => [
  {
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...featurePatterns(feature),
            { regex: '^@/app/', message: 'Features never import the app (decision 093): app/ composes them.' },
          ],
        },
      ],
    },
  },
  {
    files: [`${featuresDir}/${feature}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(feature) }] },
  },
]);

const clientAddressOnly = [
  {
    selector: 'MemberExpression[object.name=/^(request|req)$/][property.name=/^(ip|ips)$/]',
    message: 'Use clientAddress(request) from plugins/client-address.ts: the address the nearest trusted proxy appended.',
  },
  {
    selector: 'Literal[value=/^x-(forwarded-for|real-ip)$/i]',
    message: 'Use clientAddress(request) from plugins/client-address.ts instead of reading forwarding headers.',
  },
];

/**
 * The Drizzle tables a server module's index.ts may still export (decision 092). creditAccounts, creditLedger and
 * serviceCosts: the one-statement job charge (jobs/charged-job.repository.ts, decision 041) writes them in the statement
 * that inserts the job. No other table is left in a face (users left it with decision 099).
 */
const tablesStillInFaces = ['creditAccounts', 'creditLedger', 'serviceCosts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', '**/drizzle/meta/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@lumen/server', message: 'The web app never imports server code.' },
            { regex: '^@lumen/engines', message: 'The AI engines run on the server (apps/web/scripts may use them).' },
          ],
        },
      ],
    },
  },
  {
    // The shared layer under the features (decision 093); .dependency-cruiser.cjs checks the same for every import.
    files: ['apps/web/src/{components,lib,session,query-keys}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@lumen/server', message: 'The web app never imports server code.' },
            { regex: '^@lumen/engines', message: 'The AI engines run on the server (apps/web/scripts may use them).' },
            { regex: '^@/(features|app)/', message: 'Shared code never imports a feature or the app (decision 093).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@lumen/server', message: 'The web app never imports server code.' }] }],
    },
  },
  {
    files: ['packages/engines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@lumen/(server|web)|react|fastify|drizzle-orm)',
              message: 'Engines know nothing of HTTP, the database or the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(@lumen/(server|web)|react|fastify)', message: 'core stays framework-free.' }] },
      ],
    },
  },
  {
    // One function derives the client's address (TRUST_PROXY), so no limit, allow-list or record reads another one.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/client-address.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...clientAddressOnly] },
  },
  {
    // A module's face offers functions, not tables (decision 092): its index.ts exports nothing of its tables.ts but
    // row types, apart from the tables in tablesStillInFaces. .dependency-cruiser.cjs keeps other modules' tables.ts
    // files out of reach (only a tables.ts may import another, for its foreign keys).
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...clientAddressOnly,
        {
          selector: `ExportNamedDeclaration[exportKind='value'][source.value=/tables\\.ts$/] > ExportSpecifier[exported.name!=/^(${tablesStillInFaces.join('|')})$/]`,
          message:
            "A module's face offers functions, not tables (decision 092): write a read or write function in the module and export that.",
        },
        {
          selector: 'ExportAllDeclaration[source.value=/tables\\.ts$/]',
          message: "A module's face offers functions, not tables (decision 092).",
        },
      ],
    },
  },
  ...featureBoundaries,
);
