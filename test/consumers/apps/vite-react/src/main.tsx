/**
 * A React host built from the packed tarballs: <ConsentProvider> over an engine with a memory
 * store, <PermissionSheet>, and a button that asks about a destructive tool call through
 * useRequestPermission. The decision is written to <output id="decision">.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createPermissionEngine, memoryStore, systemClock } from '@mcp-consent/engine';
import type { RequestResult, ToolCall } from '@mcp-consent/engine';
import { ConsentProvider, PermissionSheet, useRequestPermission } from '@mcp-consent/react';

const engine = createPermissionEngine({ store: memoryStore() });

const dropTable: ToolCall = {
  userId: 'grace',
  workspaceId: 'consumer-vite-react',
  server: { id: 'db', name: 'Database server', trusted: false },
  tool: {
    name: 'drop_table',
    description: 'Drops a table and every row in it.',
    inputSchema: { type: 'object', properties: { table: { type: 'string' } } },
    annotations: { destructiveHint: true },
  },
  args: { table: 'orders' },
};

function Chat() {
  const requestPermission = useRequestPermission();
  const [result, setResult] = useState<RequestResult | null>(null);
  return (
    <main>
      <h1>Vite + React host</h1>
      <button
        type="button"
        id="run"
        onClick={() => void requestPermission(dropTable).then(setResult)}
      >
        Run drop_table
      </button>
      <p>
        Decision:{' '}
        <output id="decision" data-choice={result?.choice}>
          {result && `${result.allowed ? 'allowed' : 'denied'} (${result.choice})`}
        </output>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsentProvider engine={engine} clock={systemClock}>
      <Chat />
      <PermissionSheet />
    </ConsentProvider>
  </StrictMode>,
);
