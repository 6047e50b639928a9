/** The React renderer of the stories: `<PermissionSheet>`, `<ElicitationSheet>`, `<PermissionManager>` in a provider. */
import { StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createConsentPresenter, type ConsentPresenter } from '@mcp-consent/prompt';
import {
  ConsentProvider,
  ElicitationSheet,
  PermissionManager,
  PermissionSheet,
} from '@mcp-consent/react';
import {
  createScene,
  elicitationServer,
  finishManager,
  GUARD_MS,
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
  type SceneHandle,
  type ViewArgs,
} from './scenes.js';

/** The one queue a story's sheets show, made as the provider would make its own. */
function presenterFor(
  handle: SceneHandle,
  args: ViewArgs,
  allowAlwaysExpiresInMs?: number | null,
): ConsentPresenter {
  return createConsentPresenter({
    engine: handle.engine,
    clock: handle.clock,
    locale: args.locale,
    guardMs: GUARD_MS,
    ...(allowAlwaysExpiresInMs === undefined ? {} : { permission: { allowAlwaysExpiresInMs } }),
  });
}

/** Renders `children` in a StrictMode provider into the scene's container; unmounted with the scene. */
function mount(
  container: HTMLElement,
  handle: SceneHandle,
  args: ViewArgs,
  children: (target: HTMLElement) => ReactNode,
  extra: Partial<Parameters<typeof ConsentProvider>[0]> = {},
): void {
  const host = document.createElement('div');
  const target = document.createElement('div');
  container.append(host, target);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <StrictMode>
        <ConsentProvider
          engine={handle.engine}
          clock={handle.clock}
          locale={args.locale}
          guardMs={GUARD_MS}
          {...extra}
        >
          {children(target)}
        </ConsentProvider>
      </StrictMode>,
    ),
  );
  const dispose = handle.dispose;
  handle.dispose = async () => {
    await dispose();
    extra.presenter?.dispose();
    root.unmount();
  };
}

export function reactPermission(name: PermissionSceneName, args: ViewArgs): HTMLElement {
  const scene: PermissionScene = permissionScenes[name];
  const { container, handle } = createScene(name, { hanging: scene.hanging ?? false });
  const presenter = presenterFor(handle, args, scene.allowAlwaysExpiresInMs);
  mount(
    container,
    handle,
    args,
    (target) => (
      <PermissionSheet layout={args.layout} colorScheme={args.theme} container={target} />
    ),
    { presenter },
  );
  handle.ready = runPermission(scene, handle, presenter.prompt);
  return container;
}

/** A dry-run preview (seed 001): `<PermissionSheet>` shows a `dry_run_preview` request as one. */
export function reactDryRun(name: DryRunSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  const presenter = presenterFor(handle, args);
  mount(
    container,
    handle,
    args,
    (target) => (
      <PermissionSheet layout={args.layout} colorScheme={args.theme} container={target} />
    ),
    { presenter },
  );
  handle.ready = runDryRun(name, handle, presenter.prompt);
  return container;
}

export function reactElicitation(name: ElicitationSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  const presenter = presenterFor(handle, args);
  mount(
    container,
    handle,
    args,
    (target) => (
      <ElicitationSheet
        layout={args.layout}
        colorScheme={args.theme}
        container={target}
        onOpenUrl={null}
      />
    ),
    { presenter },
  );
  handle.ready = runElicitation(name, handle, (params, signal) =>
    presenter.elicit({ params, server: elicitationServer, signal }),
  );
  return container;
}

export function reactManager(name: ManagerSceneName, args: ViewArgs): HTMLElement {
  const { container, handle } = createScene(name);
  handle.ready = (async () => {
    await prepareManager(name, handle);
    mount(container, handle, args, () => (
      <PermissionManager audit={handle.audit} colorScheme={args.theme} />
    ));
    await finishManager(name);
  })();
  return container;
}
