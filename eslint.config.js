// The lint `npm test` runs first (`eslint . --max-warnings 0`): typescript-eslint's recommended
// rules, React's rules of hooks, the layout's zones and no import cycles. Decision 027 says
// which rules and why; a rule the team would not agree on does not belong here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './scripts/lint-rules/no-import-cycle.mjs';

const root = import.meta.dirname;
const features = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * bulletproof-react's unidirectional layout: shared code (components, lib, local) -> features
 * -> app, and a feature never reaches into another (what two features share moves down into
 * shared code, or the app composes them). The web app never imports the server's code.
 */
const zones = [
  ...features.map((name) => ({
    target: `./web/src/features/${name}`,
    from: './web/src/features',
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both need into web/src/{components,lib,local}, or compose them in web/src/app.',
  })),
  {
    target: ['./web/src/components', './web/src/lib', './web/src/local'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared code (components, lib, local) does not import features or the app: imports flow shared -> features -> app.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'A feature does not import the app (router, providers): the app imports features, not the reverse.',
  },
  {
    target: './web',
    from: './api',
    message: 'The web app does not import the server: what both sides need lives in packages/contracts.',
  },
  {
    // The API's production code: every .ts file in api/src outside testing/ that is not a test.
    target: ['./api/src/!(*.test).ts', './api/src/!(testing)/**/!(*.test).ts'],
    from: './api/src/testing',
    message: 'Production code does not import test helpers: api/src/testing serves tests, never the app.',
  },
];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/coverage/',
    '.tools/',
    'data/',
    'web/public/',
    'web/dev-dist/',
    'api/drizzle/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'catalog/all',
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      'import-x': importX,
      local: { rules: { 'no-import-cycle': noImportCycle } },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Input checks match control characters on purpose (contracts' single-line text, the
      // sign-in redirect's path, the search index's ASCII terms): every hit was deliberate.
      'no-control-regex': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'local/no-import-cycle': 'error',
    },
  },
  {
    name: 'catalog/web',
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      // The zone above sees only imports that resolve; this catches the package name even when not.
      'no-restricted-imports': ['error', { patterns: [{ group: ['@catalog/api', '@catalog/api/*'], message: 'The web app does not import the server: what both sides need lives in packages/contracts.' }] }],
    },
  },
  {
    name: 'catalog/web-src',
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A file past 300 lines is split by responsibility (STYLE.md, decision 053). Tests, browser
    // journeys, benches and test helpers are excepted: a journey or a suite reads best whole.
    name: 'catalog/max-lines',
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', 'web/e2e/**', 'bench/**', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    name: 'catalog/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
