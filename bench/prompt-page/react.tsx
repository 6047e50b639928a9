/**
 * Time to prompt with the React renderer: an uncontrolled `<PermissionSheet>`
 * under a `<ConsentProvider>` whose consent presenter is the engine's prompt callback
 * (the way a host wires `guardClient`, per the package README).
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { systemClock } from '@mcp-consent/engine';
import { createConsentPresenter } from '@mcp-consent/prompt';
import { ConsentProvider, PermissionSheet } from '@mcp-consent/react';
import { startPromptBench } from './harness.js';

await startPromptBench((engine) => {
  const presenter = createConsentPresenter({
    engine,
    clock: systemClock,
    locale: 'en-US',
    guardMs: 0,
  });
  const root = createRoot(document.getElementById('app')!);
  flushSync(() =>
    root.render(
      <ConsentProvider engine={engine} presenter={presenter} locale="en-US" guardMs={0}>
        <PermissionSheet />
      </ConsentProvider>,
    ),
  );
  return presenter.prompt;
});
