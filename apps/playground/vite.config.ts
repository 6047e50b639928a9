import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The playground page. Workspace packages resolve to their TypeScript sources
 * (the `mcp-consent-source` condition), so the page always shows the kit as it
 * is in this checkout. Two pages: the playground (index.html) and the approval queue
 * (approvals.html, served at /approvals). Output: dist/web, served by src/server/start.ts.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['mcp-consent-source', ...defaultClientConditions] },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: {
        main: join(import.meta.dirname, 'index.html'),
        approvals: join(import.meta.dirname, 'approvals.html'),
      },
    },
  },
});
