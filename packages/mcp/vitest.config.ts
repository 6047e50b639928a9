import { sourceProject } from '../../test/support/vitest-project.js';

// eventsource(-parser), used by the SDK's HTTP client, publish a `source` export
// pointing at .ts files. Our `source` condition selects it, so the modules that
// import them go through Vite (which transforms TypeScript) instead of Node.
const inlineEventSource = [
  /@modelcontextprotocol\/sdk\/dist\/esm\/client\/(streamableHttp|sse)\.js/,
  'eventsource',
  'eventsource-parser',
];

export default sourceProject('mcp', {
  server: { deps: { inline: inlineEventSource } },
  testTimeout: 20_000,
});
