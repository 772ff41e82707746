import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersOf = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER = 'apps/server/src';
const CONSOLE = 'apps/console/src';
const serverModules = foldersOf(`${SERVER}/modules`);
const consoleFeatures = foldersOf(`${CONSOLE}/features`);
/** The AI feature's sub-areas (common/ and pages/ are its shared and composing parts). */
const aiSubAreas = foldersOf(`${CONSOLE}/features/ai`).filter((f) => f !== 'pages');
/** What a server module exports on purpose: its index.ts. */
const moduleFaces = serverModules.map((m) => `./${m}/index.ts`);

/**
 * The import rules (docs/architecture.md):
 * - server: a module reaches another only through that module's index.ts; everything outside
 *   modules (app.ts, core, plugins, realtime, jobs, demo, cli) too; lib/ is the bottom layer and
 *   imports no module, plugin or realtime code;
 * - console: a feature never imports another feature; shared/ never imports a feature or app/;
 *   features never import app/ (app/ composes them).
 */
const boundaries = [
  ...serverModules.map((m) => ({
    target: `${SERVER}/modules/${m}`,
    from: `${SERVER}/modules`,
    except: [`./${m}`, ...moduleFaces],
    message: 'Reach another module only through its index.ts.',
  })),
  ...[
    'app.ts',
    'server.ts',
    'plugins',
    'realtime',
    'jobs',
    'demo',
    'cli',
    'bus',
    'media',
    'matcher',
    'nlu',
    'db',
    'core',
  ].map((place) => ({
    target: `${SERVER}/${place}`,
    from: `${SERVER}/modules`,
    // The registry lists every module, in the order they are built (app.ts reads it).
    except: [...moduleFaces, './registry.ts'],
    message: 'Reach a module only through its index.ts (or the registry of them all).',
  })),
  {
    target: `${SERVER}/lib`,
    from: [`${SERVER}/modules`, `${SERVER}/plugins`, `${SERVER}/realtime`, `${SERVER}/app.ts`],
    message: 'lib/ is the bottom layer: it imports no module, plugin or realtime code.',
  },
  ...consoleFeatures.map((f) => ({
    target: `${CONSOLE}/features/${f}`,
    from: `${CONSOLE}/features`,
    except: [`./${f}`],
    message: 'A feature never imports another feature: move what both need to shared/.',
  })),
  // The AI feature's sub-areas are fenced as features are: each reaches only itself and common/;
  // common/ reaches none of them; pages/ composes them.
  ...aiSubAreas.map((sub) => ({
    target: `${CONSOLE}/features/ai/${sub}`,
    from: `${CONSOLE}/features/ai`,
    except: [...new Set([`./${sub}`, './common'])],
    message: 'An AI sub-area never imports another: move what both need to ai/common/.',
  })),
  {
    target: `${CONSOLE}/shared`,
    from: [`${CONSOLE}/features`, `${CONSOLE}/app`],
    message: 'shared/ never imports a feature or app/.',
  },
  {
    target: `${CONSOLE}/features`,
    from: `${CONSOLE}/app`,
    message: 'Features never import app/: app/ composes them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/data/**',
      'e2e/screenshots/**',
      'coverage/**',
      // The Python environments of the sentence model and the S3 test server.
      '.embedder/**',
      '.s3-test/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}', 'apps/kiosk/**/*.{ts,tsx}', 'packages/webrtc/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/console/src/**/*.{ts,tsx}'],
    // Tests may reach inside what they test.
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/test/**', 'apps/console/src/shared/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports only into files it can parse as TypeScript.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/console/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // A cycle makes load order matter and hides a missing layer.
      'import-x/no-cycle': 'error',
      // An import that cannot be resolved cannot be checked either.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*'],
              message: "Name the target with '@/…' instead of climbing ../../ (also between AI sub-areas).",
            },
          ],
          paths: [
            {
              name: '@mui/material/CircularProgress',
              message: "Use Spinner from '@/shared/ui/spinner': it gives the spinner its accessible name.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/shared/ui/spinner.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The kiosk's bundle does without zod: from the contracts it takes types, and values only from
    // the dependency-free names entry (its own tests may check against the schemas).
    files: ['apps/kiosk/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/kiosk/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ambassador/contracts',
              allowTypeImports: true,
              message: "Import values from '@ambassador/contracts/names'; the main entry loads zod.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
