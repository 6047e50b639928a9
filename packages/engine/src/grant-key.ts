import type { GrantScope } from './types.js';

/** The ids of a scope, in the order its key names them. */
export const SCOPE_IDS = ['userId', 'workspaceId', 'serverId', 'toolName'] as const;

/**
 * The store key of spec R4: `mcp_permission:<user>:<workspace>:<server>:<tool>`,
 * plus `:<argsHash>` for per-arguments grants. Each part is URI-encoded so that
 * an id containing ":" cannot collide with another scope.
 */
export function grantKey(scope: GrantScope): string {
  const parts: string[] = SCOPE_IDS.map((id) => scope[id]);
  if (scope.argsHash !== undefined) parts.push(scope.argsHash);
  return `mcp_permission:${parts.map(encodeURIComponent).join(':')}`;
}
