import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Barrel files hide where things live (CONVENTIONS.md): import from the defining file.
const NO_BARRELS = { group: ['**/index', '**/index.ts'], message: 'Import from the file that defines the thing.' };
// antd-mobile's own barrel is marked as having side effects: importing one component through it
// brought the imperative-render helpers and pickers (about 21 KB gzipped) into first-load screens.
const NO_LIBRARY_BARRELS = [{ name: 'antd-mobile', message: "Import the component itself: import Button from 'antd-mobile/es/components/button'." }];
/**
 * The web's import boundaries (as bulletproof-react draws them): shared code (components/, lib/)
 * never reaches into a feature; a feature uses shared code, and another feature only through that
 * feature's public entry (`features/<name>/index.ts`, imported as `../../<name>`) – the one
 * barrel allowed, because it is the feature's contract with the rest of the app. A feature may also
 * keep a narrower entry for one consumer (`features/<name>/<consumer>-entry.ts`), so that a
 * first-load screen does not pull in what only another screen needs.
 */
const INTO_ANOTHER_FEATURE = {
  regex: String.raw`^\.\./\.\./[a-z-]+/(?![a-z]+-entry$)`,
  message: "Another feature's internals: import what it exports from its public entry ('../../<feature>'), or move shared code to components/ or lib/.",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Barrel files hide where things live (CONVENTIONS.md): import from the defining file.
      'no-restricted-imports': ['error', { paths: NO_LIBRARY_BARRELS, patterns: [NO_BARRELS] }],
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
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: NO_LIBRARY_BARRELS, patterns: [NO_BARRELS, INTO_ANOTHER_FEATURE] }] },
  },
  {
    files: ['apps/web/src/features/*/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: NO_LIBRARY_BARRELS, patterns: [NO_BARRELS, { regex: String.raw`^\.\./[a-z-]+/`, message: INTO_ANOTHER_FEATURE.message }] }],
    },
  },
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: NO_LIBRARY_BARRELS, patterns: [NO_BARRELS, { regex: 'features/', message: 'Shared code does not depend on a feature: move what both need into components/ or lib/.' }] }],
    },
  },
);
