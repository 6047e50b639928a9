#!/usr/bin/env node
// The `mcp-consent` command. It lives outside dist/ so that `npm install` can link it before
// the first build (npm links a workspace bin only when its file exists); it runs the build.
import('../dist/cli.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli.js')) {
    throw error;
  }
  process.stderr.write(
    'mcp-consent is not built yet: run `npm run build` in the repository first.\n',
  );
  process.exit(2);
});
