// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** The engine core runs unchanged in a browser, Node and a worker: no platform or UI imports. */
export const engineCoreRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: nodeBuiltins.map((name) => ({
        name,
        message: 'The engine core must not import Node built-ins; put Node code in src/file.',
      })),
      patterns: [
        {
          group: ['node:*'],
          message: 'The engine core must not import Node built-ins; put Node code in src/file.',
        },
        {
          group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'lit', 'lit/*', '@lit/*'],
          message: 'The engine core must not import UI frameworks.',
        },
        { group: ['ink', 'ink/*', 'ink-*'], message: 'The engine core must not import ink.' },
        {
          group: ['idb-keyval', 'idb-keyval/*'],
          message: 'Storage adapters live in src/idb and src/file.',
        },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...[
      'window',
      'document',
      'navigator',
      'location',
      'localStorage',
      'sessionStorage',
      'indexedDB',
      'HTMLElement',
      'customElements',
      'BroadcastChannel',
      'process',
      'Buffer',
      'require',
      '__dirname',
      '__filename',
      'global',
    ].map((name) => ({
      name,
      message: `The engine core must not touch the platform global "${name}".`,
    })),
    ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask'].map(
      (name) => ({ name, message: `Use the injected Clock instead of "${name}".` }),
    ),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Use the injected Clock instead of Date.now().' },
    { object: 'globalThis', property: 'setTimeout', message: 'Use the injected Clock.' },
    { object: 'globalThis', property: 'window', message: 'No DOM in the engine core.' },
    { object: 'globalThis', property: 'document', message: 'No DOM in the engine core.' },
    { object: 'globalThis', property: 'process', message: 'No Node globals in the engine core.' },
    { object: 'performance', property: 'now', message: 'Use the injected Clock.' },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Use the injected Clock instead of new Date().',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      'coverage/**',
      'test-results/**',
      '**/storybook-static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='innerHTML']",
          message: 'Never write markup from strings: render untrusted text as text.',
        },
      ],
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: [
      'packages/engine/src/file/**',
      'packages/engine/src/idb/**',
      'packages/engine/src/system-clock.ts',
    ],
    rules: engineCoreRules,
  },
);
