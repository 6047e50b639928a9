/**
 * Vite settings for production builds in the bench (bundle sizes, the
 * time-to-prompt pages) that do not depend on the process's NODE_ENV.
 *
 * Vite decides "production" from `process.env.NODE_ENV` of the whole process,
 * not from `mode`: vitest sets it to `test`, and a Vite dev server started
 * earlier in `npm run bench` sets it to `development`. A build would then pick
 * packages' `development` exports (Lit's larger dev build), compile JSX to
 * `jsxDEV` with source locations, and leave `import.meta.env.DEV` true.
 */
import { defaultClientConditions, defaultServerConditions, type InlineConfig } from 'vite';

/** Vite's default export conditions with `development|production` fixed to `production`. */
export function productionConditions(platform: 'browser' | 'node' = 'browser'): string[] {
  const defaults = platform === 'node' ? defaultServerConditions : defaultClientConditions;
  return [
    'mcp-consent-source',
    ...defaults.map((condition) =>
      condition === 'development|production' ? 'production' : condition,
    ),
  ];
}

/** Production mode, whatever NODE_ENV says: conditions, defines and the JSX transform. */
export function productionConfig(platform: 'browser' | 'node' = 'browser'): InlineConfig {
  return {
    configFile: false,
    envFile: false,
    mode: 'production',
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      'import.meta.env.DEV': 'false',
      'import.meta.env.PROD': 'true',
    },
    resolve: { conditions: productionConditions(platform) },
    oxc: { jsx: { runtime: 'automatic', development: false } },
  };
}
