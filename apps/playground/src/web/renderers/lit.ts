import '@mcp-consent/elements/define';
import type {
  McpElicitationSheet,
  McpPermissionManager,
  McpPermissionSheet,
  McpResultReviewSheet,
  McpRootsSheet,
} from '@mcp-consent/elements';
import { systemClock } from '@mcp-consent/engine';
import type { Locale } from '@mcp-consent/i18n';
import { createConsentPresenter, type ConsentPresenter } from '@mcp-consent/prompt';
import type { Renderer, RendererOptions, RendererView } from './types.js';

/**
 * The Lit renderer: `<mcp-permission-sheet>` (permissions, dry runs and sampling),
 * `<mcp-elicitation-sheet>`, `<mcp-roots-sheet>`, `<mcp-result-review-sheet>` and
 * `<mcp-permission-manager>`, the sheets
 * over one consent presenter (every kind in one queue: one sheet at a time, in order).
 */
export function createLitRenderer(options: RendererOptions): Renderer {
  const sheet = document.createElement('mcp-permission-sheet') as McpPermissionSheet;
  const elicitation = document.createElement('mcp-elicitation-sheet') as McpElicitationSheet;
  const roots = document.createElement('mcp-roots-sheet') as McpRootsSheet;
  const review = document.createElement('mcp-result-review-sheet') as McpResultReviewSheet;
  const manager = document.createElement('mcp-permission-manager') as McpPermissionManager;
  const make = (locale: Locale) =>
    createConsentPresenter({ engine: options.engine, clock: systemClock, locale });
  let locale = options.view.locale;
  let presenter: ConsentPresenter = make(locale);
  const share = () => {
    sheet.presenter = presenter;
    elicitation.presenter = presenter;
    roots.presenter = presenter;
    review.presenter = presenter;
  };
  share();
  manager.engine = options.engine;

  const apply = (view: RendererView) => {
    // A presenter builds its models in one locale. The settings behind the modal sheet
    // cannot change while it is open, so the old presenter holds nothing here.
    if (view.locale !== locale) {
      const old = presenter;
      locale = view.locale;
      presenter = make(locale);
      share();
      old.dispose();
    }
    for (const element of [sheet, elicitation, roots, review, manager]) {
      element.locale = view.locale;
      element.theme = view.theme;
    }
    manager.filter = view.filter;
    manager.audit = view.audit;
  };
  apply(options.view);
  options.sheetHost.append(sheet, elicitation, roots, review);
  options.managerHost.append(manager);

  return {
    prompt: sheet.prompt,
    elicit: elicitation.elicit,
    // The permission sheet renders both sampling steps of the shared presenter.
    sample: (call) => presenter.sample(call),
    pickRoots: roots.roots,
    result: review.result,
    // The sheet never opens a URL itself: the host does, after the user accepted.
    openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    update: apply,
    dispose() {
      presenter.dispose();
      sheet.remove();
      elicitation.remove();
      roots.remove();
      review.remove();
      manager.remove();
    },
  };
}
