import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // A server module is reached through its index.ts, so its other files can change freely.
  ...[
    ['apps/server/src/modules/*/*.ts', '^\\.\\./[^./][^/]*/(?!index\\.js$)'],
    ['apps/server/src/modules/*/*/*.ts', '^\\.\\./\\.\\./[^./][^/]*/(?!index\\.js$)'],
  ].map(([files, regex]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message: 'Import another module through its index.ts (or move the helper to lib/).' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/console/**/*.{ts,tsx}', 'apps/kiosk/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  prettier,
);
