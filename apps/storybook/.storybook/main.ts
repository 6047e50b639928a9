import react from '@vitejs/plugin-react';
import type { StorybookConfig } from '@storybook/web-components-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

/**
 * One Storybook for both web renderers: the web-components framework renders the Lit
 * stories as they are, and the React stories mount their own React root into the node
 * they return. Workspace packages resolve to their TypeScript sources.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../src/**/*.stories.ts'],
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (vite) =>
    mergeConfig(vite, {
      plugins: [react()],
      resolve: { conditions: ['mcp-consent-source', ...defaultClientConditions] },
      optimizeDeps: {
        include: [
          'react',
          'react/jsx-runtime',
          'react/jsx-dev-runtime',
          'react-dom',
          'react-dom/client',
        ],
      },
    }),
};

export default config;
