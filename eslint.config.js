// ESLint for the whole tree (docs/decisions/061): typescript-eslint's recommended rules, React's hook rules, and
// eslint-config-prettier last so that no rule argues with the formatter. `npm run lint` allows no warning.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'tmp/', 'data/', 'coverage/', 'bench/results/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks an argument or binding kept on purpose (a callback's position, a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    ...reactHooks.configs.flat.recommended,
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Off: it only reports components that the React Compiler would skip memoizing (react-hook-form's watch()); this
      // project does not build with the React Compiler, so there is nothing to skip.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'e2e/**'],
    rules: {
      // Off in tests: a test reads a JSON answer loosely (`body.team.id`) and asserts the values it cares about; typing each
      // answer there would restate the route's schema in every test.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
