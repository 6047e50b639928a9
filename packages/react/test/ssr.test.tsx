import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  memoryStore,
  type PromptRequest,
} from '@mcp-consent/engine';
import {
  CheckingStatus,
  ConsentProvider,
  ElicitationSheet,
  PermissionManager,
  PermissionSheet,
  useConsent,
} from '@mcp-consent/react';
import { useGrants, usePendingPrompts } from '@mcp-consent/react/hooks';
import { call, tools } from '../../../test/scenarios/fixtures.js';

function Page() {
  const { engine } = useConsent();
  const pending = usePendingPrompts(engine);
  const grants = useGrants(engine);
  return (
    <main>
      <h1>Host</h1>
      <p id="counts">
        {pending.length}/{grants.length}
      </p>
      <PermissionSheet />
      <ElicitationSheet />
      <CheckingStatus />
      <PermissionManager />
    </main>
  );
}

describe('server rendering (react-dom/server, no DOM)', () => {
  it('renders a page with the provider: the sheets render nothing, the manager lists grants', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
    const engine = createPermissionEngine({ store: memoryStore(), clock });
    await engine.ready;
    await engine.request(call(tools.notesList), { prompt: () => 'allow_always' });

    const html = renderToString(
      <ConsentProvider engine={engine} clock={clock} locale="pt-BR">
        <Page />
      </ConsentProvider>,
    );
    expect(html).toContain('<h1>Host</h1>');
    expect(html).toContain('0<!-- -->/<!-- -->1');
    expect(html).not.toContain('role="dialog"');
    expect(html).toContain('notes_list');
    expect(html).toContain('Permissões salvas');
    expect(html).toContain('data-scope="manager"');
    engine.dispose();
  });

  it('a controlled sheet given a request still renders nothing on the server', () => {
    const clock = createManualClock();
    const request = {
      kind: 'permission',
      id: 'p1',
      call: call(tools.notesPut),
      risk: { tier: 'medium', reasons: ['idempotent_write'], source: 'annotations' },
      allowAlwaysEnabled: true,
      allowAlwaysDisabled: null,
      defaultChoice: 'allow_once',
      lookup: { status: 'prompt', reason: 'no_grant' },
      argsHash: null,
      position: 1,
      queueLength: 1,
      signal: new AbortController().signal,
    } satisfies PromptRequest;
    const html = renderToString(
      <div>
        <PermissionSheet request={request} clock={clock} />
        <ElicitationSheet
          request={{ message: 'Hi', requestedSchema: { type: 'object', properties: {} } }}
          server={{ id: 's' }}
          clock={clock}
        />
      </div>,
    );
    expect(html).toBe('<div></div>');
  });
});
