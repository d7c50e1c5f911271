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
            {
              target: './server/db',
              from: './server/modules',
              message: 'The database layer must not import modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod|drizzle-orm|drizzle-zod|date-fns|@date-fns/tz|vitest|\\.)',
              message:
                'shared/ may import only zod, drizzle-orm, drizzle-zod, date-fns, @date-fns/tz and itself.',
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
    },
  },
);
