import type { GrantScope } from './types.js';

/**
 * The store key of spec R4: `mcp_permission:<user>:<workspace>:<server>:<tool>`,
 * plus `:<argsHash>` for per-arguments grants. Each part is URI-encoded so that
 * an id containing ":" cannot collide with another scope.
 */
export function grantKey(scope: GrantScope): string {
  const parts = [scope.userId, scope.workspaceId, scope.serverId, scope.toolName];
  if (scope.argsHash !== undefined) parts.push(scope.argsHash);
  return `mcp_permission:${parts.map(encodeURIComponent).join(':')}`;
}
