/**
 * Synthetic grants for the benchmarks: realistic shapes (pinned allow-always
 * grants with an expiry), spread over users, servers and ten tools. Pure: used
 * in Node and in the Chromium fixture page.
 */
import {
  grantKey,
  pinTool,
  type Grant,
  type GrantScope,
  type ToolCall,
  type ToolDefinition,
  type ToolPin,
} from '@mcp-consent/engine';
import type { GrantFile } from '@mcp-consent/engine/file';

const TOOL_COUNT = 10;

/** Ten read-only, closed-world tools; the same objects are reused, as a host's catalog does. */
export const benchTools: readonly ToolDefinition[] = Array.from({ length: TOOL_COUNT }, (_, t) => ({
  name: `tool_${t}`,
  title: `Tool ${t}`,
  description: `Reads record ${t} of the bench dataset.`,
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
}));

let pins: (ToolPin | null)[] | undefined;

function pinOf(tool: number): ToolPin {
  pins ??= benchTools.map((definition) => pinTool(definition));
  const pin = pins[tool];
  if (!pin) throw new Error(`bench tool ${tool} cannot be pinned`);
  return pin;
}

const serverIds = Array.from({ length: 100 }, (_, s) => `server-${s}`);
const userIds: string[] = [];

/** The scope of grant `i`: unique for every i (tool, then server, then user vary). */
function scopeAt(i: number) {
  const user = Math.floor(i / 1000);
  return {
    userId: (userIds[user] ??= `user-${user}`),
    workspaceId: 'workspace-1',
    serverId: serverIds[Math.floor(i / TOOL_COUNT) % 100]!,
    toolName: benchTools[i % TOOL_COUNT]!.name,
  };
}

/** The store key of grant `i`, without building the grant. */
export function keyAt(i: number): string {
  return grantKey(scopeAt(i));
}

// Granted a minute before the bench starts and live for the medium tier's 30 days: the engine
// bounds every grant by its tier's lifetime from `grantedAt`, so older ones would not hit.
export const GRANTED_MS = Date.now() - 60_000;
const GRANTED_AT = new Date(GRANTED_MS).toISOString();
const EXPIRES_AT = new Date(GRANTED_MS + 30 * 24 * 60 * 60 * 1000).toISOString();

/** Allow-always grant number `i`, pinned to its tool's definition, live for 30 days. */
export const grantAt = (i: number): Grant => liveGrant(scopeAt(i), i % TOOL_COUNT);

/**
 * The allow-always grant of `scope`, pinned to bench tool number `tool`, granted a minute before
 * the bench and live for 30 days.
 */
export function liveGrant(scope: Omit<GrantScope, 'argsHash'>, tool: number): Grant {
  // Listed property by property: `{ ...scope, pin }` turns V8 objects into slow, large
  // dictionaries (10 µs and 1.7 kB per grant), which would measure the fixture, not the engine.
  return {
    userId: scope.userId,
    workspaceId: scope.workspaceId,
    serverId: scope.serverId,
    toolName: scope.toolName,
    key: grantKey(scope),
    decision: 'allow',
    grantedAt: GRANTED_AT,
    expiresAt: EXPIRES_AT,
    grantedBy: scope.userId,
    riskTier: 'medium',
    pin: pinOf(tool),
  };
}

export function makeGrants(count: number): Grant[] {
  const grants = new Array<Grant>(count);
  for (let i = 0; i < count; i += 1) grants[i] = grantAt(i);
  return grants;
}

/** The text of a `fileStore` grant file holding `count` grants. */
export function grantFileText(count: number): string {
  const body: GrantFile = { version: 1, grants: makeGrants(count) };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** A call that grant `i` allows. */
export function callFor(i: number): ToolCall {
  const scope = scopeAt(i);
  return {
    userId: scope.userId,
    workspaceId: scope.workspaceId,
    server: { id: scope.serverId },
    tool: benchTools[i % TOOL_COUNT]!,
    args: { id: `r${i}` },
  };
}

/**
 * `count` pseudo-random grant indexes below `size` (a fixed seed, so every run
 * looks up the same grants). Random access makes large caches pay their cache
 * misses, as a real host would.
 */
export function sampleIndexes(size: number, count: number, seed = 0x9e3779b9): number[] {
  let state = seed >>> 0;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state % size;
  });
}
