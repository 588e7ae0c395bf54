// ESLint (flat config): typescript-eslint's recommended rules on every TypeScript file of the project; formatting is
// Prettier's (.prettierrc.json), so no stylistic rule here. `npm run lint` runs both; `npm test` runs lint first.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'cdk.out/', '.build/', '.bench-tmp/', '.levy/', 'coverage/', 'clients/typescript/src/schema.ts', 'test/architecture/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value deliberately left unused (a destructured field dropped from a copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests read loosely typed answers (HTTP bodies, DynamoDB items) and load modules inside isolated registries.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The house's size limits (docs/architecture.md): no file over 350 lines, no source function over 80; the route
    // table is data (a field per line, as Prettier writes it) and may be longer.
    files: ['**/*.ts', '**/*.mjs', '**/*.js', '**/*.cjs'],
    ignores: ['src/config/routes.ts'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    files: ['src/**/*.ts', 'functions/**/*.ts', 'lib/**/*.ts', 'local/**/*.ts', 'bin/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/config/routes.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
);
