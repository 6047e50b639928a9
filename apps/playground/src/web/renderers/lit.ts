import '@mcp-consent/elements/define';
import type {
  McpElicitationSheet,
  McpPermissionManager,
  McpPermissionSheet,
} from '@mcp-consent/elements';
import type { Renderer, RendererOptions, RendererView } from './types.js';

/** The Lit renderer: `<mcp-permission-sheet>`, `<mcp-elicitation-sheet>`, `<mcp-permission-manager>`. */
export function createLitRenderer(options: RendererOptions): Renderer {
  const sheet = document.createElement('mcp-permission-sheet') as McpPermissionSheet;
  const elicitation = document.createElement('mcp-elicitation-sheet') as McpElicitationSheet;
  const manager = document.createElement('mcp-permission-manager') as McpPermissionManager;
  sheet.engine = options.engine;
  manager.engine = options.engine;

  const apply = (view: RendererView) => {
    for (const element of [sheet, elicitation, manager]) {
      element.locale = view.locale;
      element.theme = view.theme;
    }
    manager.filter = view.filter;
    manager.audit = view.audit;
  };
  apply(options.view);
  options.sheetHost.append(sheet, elicitation);
  options.managerHost.append(manager);

  return {
    prompt: sheet.prompt,
    elicit: (request) => elicitation.elicit(request),
    // The sheet never opens a URL itself: the host does, after the user accepted.
    openUrl: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    update: apply,
    dispose() {
      sheet.remove();
      elicitation.remove();
      manager.remove();
    },
  };
}
