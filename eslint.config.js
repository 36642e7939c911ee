// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A file reaches another feature module only through that module's index.ts. The pattern
 * depends on how deep the file sits: from modules/<m>/x.ts another module is `../<other>/…`,
 * from modules/<m>/<sub>/x.ts it is `../../<other>/…`; outside modules/ it is `modules/<m>/…`.
 */
function moduleBoundaries() {
  const message = "Import another module only through its public file, '<module>/index.js'.";
  const rule = (regex) => ({
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
  });
  return [
    {
      files: ['server/src/modules/*/*.ts'],
      ignores: ['**/*.spec.ts'],
      rules: rule('^\\.\\./[a-z][^/]*/(?!index\\.js$)'),
    },
    {
      files: ['server/src/modules/*/*/*.ts'],
      ignores: ['**/*.spec.ts'],
      rules: rule('^\\.\\./\\.\\./[a-z][^/]*/(?!index\\.js$)'),
    },
    {
      files: ['server/src/modules/*/*/*/*.ts'],
      ignores: ['**/*.spec.ts'],
      rules: rule('^\\.\\./\\.\\./\\.\\./[a-z][^/]*/(?!index\\.js$)'),
    },
    {
      files: ['server/src/{app,live,web}/**/*.ts', 'server/src/*.ts'],
      ignores: ['**/*.spec.ts'],
      rules: rule('(^|/)modules/[a-z][^/]*/(?!index\\.js$)'),
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-tests/**',
      'web/build/**',
      'web/.cache/**',
      '.data/**',
      'bench/results/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata, which needs the
    // parameter classes imported as values: type-only imports would break injection.
    files: ['server/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['web/app/**/*.tsx', 'web/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // One way to read a posted form, so every page answers a bad body with its form (4xx).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='formData']",
          message: 'Read page forms with readForm (web/app/utils/form.server.ts).',
        },
      ],
    },
  },
  {
    files: ['web/app/utils/form.server.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        AbortSignal: 'readonly',
        Blob: 'readonly',
        FormData: 'readonly',
      },
    },
    rules: { 'no-console': 'off' },
  },
  // Import boundaries (docs/decisions.md, "Server layout and import boundaries"): arrows point
  // from features to common/ and libs/contracts, never back; a feature module is entered only
  // through its public file, index.ts. Tests and specs may reach inside what they test.
  {
    files: ['libs/contracts/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@animata/server', '@animata/server/*', '@animata/web', '@animata/web/*'],
              message: 'libs/contracts imports nothing from the server or the web app.',
            },
            {
              regex: '(^|/)(server|web)/',
              message: 'libs/contracts imports nothing from the server or the web app.',
            },
            {
              group: ['@nestjs/*', 'react', 'react-dom', '@remix-run/*', 'typeorm', 'fastify'],
              message: 'libs/contracts holds no framework code: types, rules, messages, paths.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/{common,config,database,jobs}/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|live|app|web)/',
              message:
                'common/, config/, database/ and jobs/ serve the features and import none of them.',
            },
          ],
        },
      ],
    },
  },
  ...moduleBoundaries(),
  {
    files: ['web/app/**/*.ts', 'web/app/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@animata/server', '@animata/server/*'],
              message: 'The web app reaches the server only through the BFF (api.server.ts).',
            },
            {
              regex: '(^|/)server/src/',
              message: 'The web app reaches the server only through the BFF (api.server.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Test output goes through node:test's reporter; scripts print on purpose.
    files: ['**/*.spec.ts', '**/test/**/*.ts', 'web/tests/**/*.ts', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
