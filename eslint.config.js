// @ts-check
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers of `src/`, lowest first: a folder may import from the folders before it, never from those after it
 * (CONTRIBUTING.md, "Layers"). `collections/` and `endpoints/` sit above them all, and the plugin and its public
 * entry points above those.
 */
const LAYERS = [
  'core',
  'recurrence',
  'richText',
  'database',
  'fields',
  'hooks',
  'media',
  'query',
  'serialize',
  'ical',
  'admin',
  'site',
  'auth',
  'rest',
  'import',
]
const TOP = ['./collections', './endpoints', './src/plugin.ts', './src/exports']

const layerZones = [
  ...LAYERS.map((layer, rank) => ({
    target: `./src/${layer}`,
    from: [...LAYERS.slice(rank + 1).map((above) => `./src/${above}`), ...TOP],
    message: `src/${layer} is below the folders after it in CONTRIBUTING.md#layers; move the shared code down instead`,
  })),
  { target: './collections', from: ['./endpoints', './src/plugin.ts', './src/exports'] },
  { target: './endpoints', from: ['./collections', './src/plugin.ts', './src/exports'] },
]

/** Internals of Payload's SQL adapters: only `src/database/adapter.ts` may use them (docs/database.md). */
const ADAPTER_INTERNALS = [
  '$replicas',
  'afterSchemaInit',
  'beforeSchemaInit',
  'clientConfig',
  'drizzle',
  'initializing',
  'lastWriteTimestamp',
  'localesSuffix',
  'poolOptions',
  'primaryDrizzle',
  'rawTables',
  'readReplicaOptions',
  'relationshipsSuffix',
  'sessions',
  'tableNameMap',
  'transactionOptions',
]
const BEHIND_THE_DOOR = 'adapter internals are reached only through src/database/adapter.ts'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.next/',
      'app/(payload)/',
      'migrations/',
      'payload-types.ts',
      'next-env.d.ts',
      'bench-results/',
      'test-results/',
      'data/',
      'media/',
      // Kept as its upstream wrote it.
      'bench/make-dataset.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Control characters are matched on purpose: refused in input, dropped from iCalendar text.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and the benchmark read JSON answers of any shape.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A skipped test says why, in its name, so that the run's summary counts it under its reason.
    files: ['test/**'],
    ignores: ['test/helpers/skips.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['test', 'it', 'describe'].map((object) => ({
          object,
          property: 'skip',
          message:
            'skip through testIf or describeIf (test/helpers/skips.ts), which name the reason',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.ts', 'collections/**/*.ts', 'endpoints/**/*.ts'],
    ignores: ['src/database/adapter.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...ADAPTER_INTERNALS.map((property) => ({ property, message: BEHIND_THE_DOOR })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression.expression[property.name='db']",
          message: `Payload's database adapter is not cast to its internals: ${BEHIND_THE_DOOR}`,
        },
        {
          selector:
            "MemberExpression[object.property.name='db'][property.name=/^(pool|client|tables|execute)$/]",
          message: BEHIND_THE_DOOR,
        },
        {
          selector: "CallExpression[callee.object.name='Symbol'][arguments.0.value=/^drizzle:/]",
          message: BEHIND_THE_DOOR,
        },
      ],
    },
  },
  prettier,
  {
    rules: {
      // Prettier wraps code at 100 columns; comments are wrapped by hand, and strings may run on.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
)
