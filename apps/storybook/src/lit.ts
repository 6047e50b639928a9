/** The Lit renderer of the stories: `<mcp-permission-sheet>`, `<mcp-elicitation-sheet>`, `<mcp-permission-manager>`. */
import '@mcp-consent/elements/define';
import type {
  McpElicitationSheet,
  McpPermissionManager,
  McpPermissionSheet,
} from '@mcp-consent/elements';
import {
  closeThenRemove,
  createScene,
  elicitationServer,
  finishManager,
  permissionScenes,
  prepareManager,
  runDryRun,
  runElicitation,
  runPermission,
  type DryRunSceneName,
  type ElicitationSceneName,
  type ManagerSceneName,
  type PermissionScene,
  type PermissionSceneName,
  type ViewArgs,
} from './scenes.js';

function view<T extends McpPermissionSheet | McpElicitationSheet>(element: T, args: ViewArgs): T {
  element.locale = args.locale;
  element.theme = args.theme;
  element.layout = args.layout;
  return element;
}

export function litPermission(name: PermissionSceneName, args: ViewArgs): HTMLElement {
  const scene: PermissionScene = permissionScenes[name];
  const { container, handle } = createScene(name, { hanging: scene.hanging ?? false });
  const sheet = view(document.createElement('mcp-permission-sheet'), args);
  sheet.engine = handle.engine;
  sheet.clock = handle.clock;
  if (scene.allowAlwaysExpiresInMs !== undefined)
    sheet.allowAlwaysExpiresInMs = scene.allowAlwaysExpiresInMs;
  container.append(sheet);
  handle.ready = runPermission(scene, handle, sheet.prompt);
  const dispose = handle.dispose;
  handle.dispose = async () => {
    await dispose();
    await closeThenRemove(sheet);
  };
  return container;
}

/** A dry-run preview (seed 001): the permission sheet's mode for a `dry_run_preview` request. */
export function litDryRun(name: DryRunSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  const sheet = view(document.createElement('mcp-permission-sheet'), args);
  sheet.engine = handle.engine;
  sheet.clock = handle.clock;
  container.append(sheet);
  handle.ready = runDryRun(name, handle, sheet.prompt);
  const dispose = handle.dispose;
  handle.dispose = async () => {
    await dispose();
    await closeThenRemove(sheet);
  };
  return container;
}

export function litElicitation(name: ElicitationSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  const sheet = view(document.createElement('mcp-elicitation-sheet'), args);
  sheet.clock = handle.clock;
  container.append(sheet);
  handle.ready = runElicitation(name, handle, (request, signal) =>
    sheet.show(request, { server: elicitationServer, signal }),
  );
  const dispose = handle.dispose;
  handle.dispose = async () => {
    await dispose();
    await closeThenRemove(sheet);
  };
  return container;
}

export function litManager(name: ManagerSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  const manager = document.createElement('mcp-permission-manager') as McpPermissionManager;
  manager.clock = handle.clock;
  manager.locale = args.locale;
  manager.theme = args.theme;
  handle.ready = (async () => {
    await prepareManager(name, handle);
    manager.engine = handle.engine;
    manager.audit = handle.audit;
    container.append(manager);
    await finishManager(name);
  })();
  const dispose = handle.dispose;
  handle.dispose = async () => {
    await dispose();
    manager.remove();
  };
  return container;
}
