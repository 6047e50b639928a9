import { grantKey, type GrantScope } from '@mcp-consent/engine';

/** Who a store serves: one user, or one user in one workspace. */
export interface TenantScope {
  userId: string;
  /** Only this workspace's grants; without it, every workspace of the user. */
  workspaceId?: string;
}

/** The columns a grant key stands for; `argsHash` is '' for a grant of every call of the tool. */
export interface KeyColumns {
  userId: string;
  workspaceId: string;
  serverId: string;
  toolName: string;
  argsHash: string;
}

const PREFIX = 'mcp_permission:';

/**
 * The scope a grant key (`grantKey` of the engine) was made from, or undefined for a key the
 * engine cannot have written. Checked by making the key again, so a key that decodes but is not
 * spelled the engine's way is refused too.
 */
export function parseGrantKey(key: string): KeyColumns | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const parts = key.slice(PREFIX.length).split(':');
  if (parts.length !== 4 && parts.length !== 5) return undefined;
  let decoded: string[];
  try {
    decoded = parts.map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  const [userId, workspaceId, serverId, toolName, argsHash] = decoded as [
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  // '' stands for "no args hash" in the table, so a grant cannot have an empty one.
  if (argsHash === '') return undefined;
  const scope: GrantScope = { userId, workspaceId, serverId, toolName };
  if (argsHash !== undefined) scope.argsHash = argsHash;
  try {
    if (grantKey(scope) !== key) return undefined;
  } catch {
    return undefined; // not well-formed UTF-16
  }
  return { userId, workspaceId, serverId, toolName, argsHash: argsHash ?? '' };
}

/** Whether a key's user and workspace are inside the scope a store serves. */
export const inScope = (scope: TenantScope, columns: { userId: string; workspaceId: string }) =>
  columns.userId === scope.userId &&
  (scope.workspaceId === undefined || columns.workspaceId === scope.workspaceId);
