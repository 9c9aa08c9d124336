// Lint gate: `npm run lint` (part of `npm test`). Kept under tests/ so the top level stays as designed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'bench/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '../server/*'], message: 'The client must not import server code.' },
        { group: ['ajv', 'ajv/*'], message: 'The browser uses the precompiled validators (virtual:layout-validators), never the ajv compiler.' },
        { regex: 'contract/queries(/index)?$', message: 'Import the one queries/<name>.ts the module reads: the whole table would ship in the first load.' },
      ] }],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['@sinclair/typebox', '@sinclair/typebox/*', '**/contract/entities', '**/contract/envelopes', '**/contract/domain-data', '**/contract/schema-kit'],
        allowTypeImports: true,
        message: "The browser takes the contract's types only (import type): its TypeBox schemas stay out of the bundle.",
      }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/client/**', '**/server/**', 'react', 'react-dom', 'node:*', 'fs', 'path'], message: 'src/shared is pure and isomorphic: no React, no I/O, no app code.' },
      ] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/client/**'], message: 'The server must not import client code.' },
      ] }],
    },
  },
);
