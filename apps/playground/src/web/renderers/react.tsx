import { StrictMode } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { systemClock } from '@mcp-consent/engine';
import type { Locale } from '@mcp-consent/i18n';
import { createConsentPresenter, type ConsentPresenter } from '@mcp-consent/prompt';
import {
  ConsentProvider,
  ElicitationSheet,
  PermissionManager,
  PermissionSheet,
  ResultReviewSheet,
  RootsSheet,
} from '@mcp-consent/react';
import type { Renderer, RendererOptions, RendererView } from './types.js';

/**
 * The React renderer: `<PermissionSheet>` (permissions, dry runs and sampling),
 * `<ElicitationSheet>`, `<RootsSheet>`, `<ResultReviewSheet>` and `<PermissionManager>` in one
 * provider, over one
 * consent presenter (every kind in one queue).
 */
export function createReactRenderer(options: RendererOptions): Renderer {
  const make = (locale: Locale) =>
    createConsentPresenter({ engine: options.engine, clock: systemClock, locale });
  let locale = options.view.locale;
  let presenter: ConsentPresenter = make(locale);
  const container = document.createElement('div');
  options.sheetHost.append(container);
  const root = createRoot(container);

  const render = (view: RendererView) => {
    // A presenter builds its models in one locale. The settings behind the modal sheet
    // cannot change while it is open, so the old presenter holds nothing here.
    if (view.locale !== locale) {
      const old = presenter;
      locale = view.locale;
      presenter = make(locale);
      old.dispose();
    }
    root.render(
      <StrictMode>
        <ConsentProvider engine={options.engine} locale={view.locale} presenter={presenter}>
          <PermissionSheet colorScheme={view.theme} />
          {/* URL mode: the sheet opens the link itself, inside the click (popup blockers allow it). */}
          <ElicitationSheet colorScheme={view.theme} />
          <RootsSheet colorScheme={view.theme} />
          <ResultReviewSheet colorScheme={view.theme} />
          {createPortal(
            <PermissionManager audit={view.audit} filter={view.filter} colorScheme={view.theme} />,
            options.managerHost,
          )}
        </ConsentProvider>
      </StrictMode>,
    );
  };
  render(options.view);

  return {
    prompt: (request) => presenter.prompt(request),
    elicit: (request) => presenter.elicit(request),
    sample: (call) => presenter.sample(call),
    pickRoots: (request) => presenter.roots(request),
    result: (call) => presenter.result(call),
    update: render,
    dispose() {
      presenter.dispose();
      root.unmount();
      container.remove();
    },
  };
}
