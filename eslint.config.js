import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The console's features (apps/console/src/features/<name>): each may import only itself, shared and i18n. */
const consoleFeatures = readdirSync(new URL('./apps/console/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports the console never climbs with: areas name their target with `@/` (also between AI sub-areas). */
const CLIMBING = { group: ['../../*'], message: "Name the target with '@/…' instead of climbing ../../" };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/data/**',
      'e2e/screenshots/**',
      'coverage/**',
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
  // The console's layers: app composes features; a feature never imports another one, and shared
  // (the ground every feature stands on) never imports a feature or the app.
  ...consoleFeatures.map((feature) => ({
    files: [`apps/console/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CLIMBING,
            {
              group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
              message: 'A feature never imports another feature or the app: move what both need to shared/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/console/src/shared/**/*.{ts,tsx}', 'apps/console/src/i18n/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CLIMBING,
            { group: ['@/features/*', '@/app/*'], message: 'shared/ never imports a feature or the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIMBING] }] },
  },
  prettier,
);
