// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/**
 * Platform globals the engine core may use: standard in browsers, Node and workers alike,
 * and what the core needs (WebCrypto hashing, UTF-8 encoding, prompt abort signals).
 * Everything else in `globals.browser` (DOM, storage, layout, `self`, `window`…) and every
 * Node-only global (`process`, `Buffer`, `require`…) is banned in the core.
 */
export const engineCoreAllowedGlobals = [
  'AbortController',
  'AbortSignal',
  'crypto',
  'TextEncoder',
  'TextDecoder',
];

const clockGlobals = [
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'clearImmediate',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
];

/** Every browser and Node global except the shared allowlist, the ES built-ins and the clock names. */
const platformGlobals = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)]),
].filter(
  (name) =>
    !engineCoreAllowedGlobals.includes(name) &&
    !clockGlobals.includes(name) &&
    !Object.hasOwn(globals.builtin, name),
);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const oneOf = (names) => `/^(?:${names.map(escapeRegExp).join('|')})$/`;
const platformName = oneOf([...platformGlobals, ...clockGlobals]);
const globalObjects = ['globalThis', 'window', 'self', 'global', 'frames', 'parent', 'top'];
const bannedModule = `/^(?:node:.*|(?:${[
  ...builtinModules.filter((name) => !name.includes('/')),
  'react',
  'react-dom',
  'lit',
  '@lit\\/[^\\/]+',
  'ink',
  'ink-[^\\/]+',
  'idb-keyval',
]
  .map((name) => (name.includes('\\') ? name : escapeRegExp(name)))
  .join('|')})(?:\\/.*)?)$/`;

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
    ...platformGlobals.map((name) => ({
      name,
      message: `The engine core must not touch the platform global "${name}".`,
    })),
    ...clockGlobals.map((name) => ({
      name,
      message: `Use the injected Clock instead of "${name}".`,
    })),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Use the injected Clock instead of Date.now().' },
    { object: 'performance', property: 'now', message: 'Use the injected Clock.' },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Use the injected Clock instead of new Date().',
    },
    {
      selector: `MemberExpression[object.name=${oneOf(globalObjects)}][computed=false][property.name=${platformName}]`,
      message: 'The engine core must not reach platform globals through the global object.',
    },
    {
      selector: `MemberExpression[object.name=${oneOf(globalObjects)}][computed=true]`,
      message: 'The engine core must not index the global object (platform globals hide there).',
    },
    {
      selector: `ImportExpression[source.value=${bannedModule}]`,
      message:
        'The engine core must not load Node built-ins, UI frameworks, ink or storage adapters, not even with import().',
    },
    {
      selector: "ImportExpression:not([source.type='Literal'])",
      message: 'The engine core must not import() a computed specifier: it cannot be checked.',
    },
    {
      selector: "MemberExpression[property.name='innerHTML']",
      message: 'Never write markup from strings: render untrusted text as text.',
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
