import { useMemo, useSyncExternalStore } from 'react';
import type {
  EngineSnapshot,
  Grant,
  GrantFilter,
  PendingPrompt,
  PermissionEngine,
} from '@mcp-consent/engine';

/** The engine's immutable snapshot; re-renders on every engine change. */
export function useEngineSnapshot(engine: PermissionEngine): EngineSnapshot {
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/** The approval queue (seed 004): every prompt waiting, in order. */
export function usePendingPrompts(engine: PermissionEngine): readonly PendingPrompt[] {
  return useEngineSnapshot(engine).pending;
}

/** The grants in a scope, re-read when grants change (here, in another tab, or by expiry on reload). */
export function useGrants(engine: PermissionEngine, filter: GrantFilter = {}): Grant[] {
  const { grantsVersion } = useEngineSnapshot(engine);
  const { userId, workspaceId, serverId, toolName } = filter;
  return useMemo(
    // Only the keys given: the engine refuses `{ userId: undefined }` rather than read it as "everyone".
    () =>
      engine.grants({
        ...(userId !== undefined ? { userId } : {}),
        ...(workspaceId !== undefined ? { workspaceId } : {}),
        ...(serverId !== undefined ? { serverId } : {}),
        ...(toolName !== undefined ? { toolName } : {}),
      }),
    // grantsVersion changes whenever the grant set does.
    [engine, grantsVersion, userId, workspaceId, serverId, toolName],
  );
}
