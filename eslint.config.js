// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Features never import each other (docs/architecture.md): one zone per feature folder. */
const features = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./client/src/features/${feature}`,
  from: './client/src/features',
  except: [`./${feature}`],
  message: 'A feature must not import another feature; share through components/ui, lib, hooks or shared/.',
}));

/**
 * Server modules use each other only through the services of their index.ts (docs/architecture.md):
 * one zone per module folder forbids every other module's repositories.
 */
const serverModules = readdirSync('server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const repositoryZones = serverModules.map((name) => ({
  target: `./server/modules/${name}`,
  from: `./server/modules/!(${name})/**/*.repository.ts`,
  message: "Another module's tables are reached through its service (its index.ts), never its repository.",
}));

export default tseslint.config(
  {
    ignores: [
      'client/public',
      'dist',
      'node_modules',
      'data',
      'migrations',
      'scratch',
      'test-results',
      'playwright-report',
      '.data-test',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { [new URL('./scripts/eslint-alias-resolver.cjs', import.meta.url).pathname]: {} },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared/ is the bottom layer: zod, drizzle-orm, drizzle-zod, date-fns only.
            { target: './shared', from: './server', message: 'shared/ must not import the server.' },
            { target: './shared', from: './client', message: 'shared/ must not import the client.' },
            {
              target: './client',
              from: './server',
              message: 'The client talks to the server over HTTP only.',
            },
            { target: './server', from: './client', message: 'The server must not import client code.' },
            // Client layers: pages → features → ui/lib/hooks/utils/config → shared.
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features must not import pages or the app shell.',
            },
            {
              target: [
                './client/src/components',
                './client/src/lib',
                './client/src/hooks',
                './client/src/utils',
                './client/src/config',
              ],
              from: ['./client/src/features', './client/src/app'],
              message: 'Shared client code must not import features or pages.',
            },
            {
              target: './client/src/components/ui',
              from: ['./client/src/lib', './client/src/hooks', './client/src/config', './shared'],
              message: 'UI primitives import only utils/cn: no domain words, no fetching.',
            },
            ...featureZones,
            // Server layers: only repositories (and server/db) touch tables.
            {
              target: './server/modules/**/*.{routes,handlers,service}.ts',
              from: './shared/schema',
              message: 'Only repositories touch tables: import row types from the repository.',
            },
            {
              target: './server/modules/**/*.{routes,handlers}.ts',
              from: './server/modules/**/*.repository.ts',
              message: 'HTTP code calls services, never repositories.',
            },
            {
              target: './server/modules/**/*.{service,repository}.ts',
              from: ['./server/auth', './server/app.ts'],
              message: 'Business rules and data access know nothing of HTTP.',
            },
            ...repositoryZones,
            {
              target: './server/modules/*/index.ts',
              from: './server/modules/**/*.repository.ts',
              message:
                'index.ts exports factories, service types and pure helpers, never repository functions.',
            },
            {
              target: './server/db/*.ts',
              from: './server/modules',
              message: 'The database layer must not import modules.',
            },
            {
              target: './server/db/seed',
              from: './server/modules',
              except: ['./booking/index.ts'],
              message: 'The seed uses one module: booking, for the slots a running server keeps.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser bundles load shared/ (contracts, constants, dates, money): no table definitions there.
    files: ['shared/**/*.ts'],
    ignores: ['shared/schema/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod|date-fns|@date-fns/tz|vitest|\\.)',
              message:
                'shared/ may import only zod, date-fns, @date-fns/tz and itself (drizzle: shared/schema only).',
            },
            {
              regex: '(^|/)schema(/|$)',
              message: 'Only the server reads the tables: no shared/schema here.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contracts take zod from ./zod, which turns off zod's eval probe before any schema is built.
    files: ['shared/contracts/**/*.ts'],
    ignores: [
      'shared/contracts/zod.ts',
      'shared/contracts/**/*.test.ts',
      'shared/contracts/schema-test-helpers.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', allowTypeImports: true, message: "Import z from './zod' (CSP: no eval probe)." },
          ],
          patterns: [
            {
              regex: '^(?!zod$|date-fns|@date-fns/tz|\\.)',
              message: 'shared/ may import only zod, date-fns, @date-fns/tz and itself.',
            },
            {
              regex: '(^|/)schema(/|$)',
              message: 'Only the server reads the tables: no shared/schema here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/schema/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!drizzle-orm|\\.)',
              message: 'shared/schema may import only drizzle-orm and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.service.ts', 'server/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'express', message: 'Services and repositories never see HTTP.' }],
          patterns: [
            {
              group: ['../*/*.service', '../*/*.repository', '../*/*.handlers', '../*/*.routes'],
              message: "Use the other module's index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/**/*.{routes,handlers}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.service', '../*/*.repository', '../*/*.handlers', '../*/*.routes'],
              message: "Use the other module's index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // One instance of each service per app (one pricing cache per process): only the composition
    // root builds them; tests may build their own.
    files: ['server/**/*.ts'],
    ignores: ['server/app.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^create\\w+Service$/]',
          message: 'Services are built once, in createApp (server/app.ts); receive the one you need.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(drizzle-orm|drizzle-zod)(/|$)|^@shared/schema(/|$)',
              message:
                'The browser never loads table definitions: use the contracts in @shared/contracts/<area>.',
            },
            {
              regex: '^@shared/contracts$',
              message:
                'Import the area you need (@shared/contracts/jobs): the index would bundle every area.',
            },
          ],
        },
      ],
    },
  },
);
