import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Barrel files hide where things live (CONVENTIONS.md): import from the defining file.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/index', '**/index.ts'], message: 'Import from the file that defines the thing.' }] }],
      // Only repositories touch the database (DESIGN.md §2).
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/modules/**/{routes,service}.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'drizzle-orm', message: 'Only repo.ts files query the database.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
