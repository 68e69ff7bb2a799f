// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

/**
 * Feature folders of the web app don't import each other (app -> features -> shared, one way): a relative
 * import from apps/web/src/features/<a>/ that lands in apps/web/src/features/<b>/ is an error.
 * @type {import('eslint').Rule.RuleModule}
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid one feature folder of the web app from importing another' },
    messages: { cross: "Feature '{{from}}' must not import from feature '{{to}}'; move shared code to components/ or lib/." },
    schema: [],
  },
  create(context) {
    const from = FEATURE.exec(context.filename)?.[1];
    if (!from) return {};
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const to = FEATURE.exec(`${target}/`)?.[1];
      if (to && to !== from) context.report({ node: source, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', 'e2e/screenshots/**', '**/coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `a ?? b` / `x || y()` as statements are idioms here, not mistakes.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      tavolo: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'tavolo/no-cross-feature-imports': 'error',
    },
  },
  {
    // Zod only through packages/contracts/src/zod.ts, which turns off its JIT in the browser (our CSP has no
    // 'unsafe-eval') before the first schema is built.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: 'zod', message: "Import z from '@tavolo/contracts/zod' (or './zod.ts' inside contracts)." },
        { name: '@mantine/form', importNames: ['useForm'], message: "Use useForm from apps/web/src/lib/forms.ts: its messages follow a change of language." },
      ], patterns: [{ group: ['zod/*'], message: "Import z from '@tavolo/contracts/zod'." }] }],
    },
  },
  {
    // Config files and scripts run in Node.
    files: ['**/*.config.{js,ts,cjs,mjs}', '.ci/**', 'bench/**', 'apps/*/scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
