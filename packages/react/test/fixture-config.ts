import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';

/** Vite settings of the fixture pages: the React plugin and React's CommonJS entries pre-bundled. */
export const fixtureConfig: InlineConfig = {
  plugins: [react()],
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
    ],
  },
};
