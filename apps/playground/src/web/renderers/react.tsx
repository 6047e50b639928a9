import { StrictMode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createPromptPresenter } from '@mcp-consent/prompt';
import {
  ConsentProvider,
  createElicitationPresenter,
  ElicitationSheet,
  PermissionManager,
  PermissionSheet,
} from '@mcp-consent/react';
import type { Renderer, RendererOptions, RendererView } from './types.js';

/** The React renderer: `<PermissionSheet>`, `<ElicitationSheet>` and `<PermissionManager>` in one provider. */
export function createReactRenderer(options: RendererOptions): Renderer {
  const presenter = createPromptPresenter();
  const elicitations = createElicitationPresenter();
  const container = document.createElement('div');
  options.sheetHost.append(container);
  const root = createRoot(container);

  const render = (view: RendererView) =>
    root.render(
      <StrictMode>
        <ConsentProvider
          engine={options.engine}
          locale={view.locale}
          presenter={presenter}
          elicitationPresenter={elicitations}
        >
          <PermissionSheet colorScheme={view.theme} />
          {/* URL mode: the sheet opens the link itself, inside the click (popup blockers allow it). */}
          <ElicitationSheet colorScheme={view.theme} />
          {createPortal(
            <PermissionManager audit={view.audit} filter={view.filter} colorScheme={view.theme} />,
            options.managerHost,
          )}
        </ConsentProvider>
      </StrictMode>,
    );
  render(options.view);

  return {
    prompt: presenter.prompt,
    elicit: (request) =>
      elicitations.elicit(request.params, { server: request.server, signal: request.signal }),
    update: render,
    dispose() {
      presenter.dispose();
      elicitations.dispose();
      root.unmount();
      container.remove();
    },
  };
}
