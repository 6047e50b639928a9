import { expect, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  grantKey,
  pinTool,
  memoryAuditSink,
  memoryStore,
  isDecisionEvent,
  type DecisionAuditEvent,
  type Grant,
  type GrantStore,
  type PermissionEngineOptions,
  type PromptAnswer,
  type PromptRequest,
  type ToolCall,
  type ToolDefinition,
} from '@mcp-consent/engine';

export const tools = {
  notesList: {
    name: 'notes_list',
    description: 'List notes',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  notesPut: {
    name: 'notes_put',
    description: 'Create or replace a note',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, text: { type: 'string' } },
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  notesDelete: {
    name: 'notes_delete',
    description: 'Delete a note',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
    annotations: { destructiveHint: true, openWorldHint: false },
  },
  legacy: { name: 'legacy_tool', description: 'No annotations', inputSchema: { type: 'object' } },
} satisfies Record<string, ToolDefinition>;

/** A grant as another host or a hand edit might have stored it, for `tool` of alice in ws-1. */
export function storedGrant(tool: ToolDefinition, overrides: Partial<Grant> = {}): Grant {
  const scope = { userId: 'alice', workspaceId: 'ws-1', serverId: 'notes', toolName: tool.name };
  return {
    ...scope,
    key: grantKey(scope),
    decision: 'allow',
    grantedAt: '2026-11-20T00:00:00.000Z',
    expiresAt: '2026-12-20T00:00:00.000Z',
    grantedBy: 'alice',
    riskTier: 'high',
    pin: pinTool(tool)!,
    ...overrides,
  };
}

export const trustedServer = { id: 'notes', name: 'Notes', trusted: true };

export function callOf(tool: ToolDefinition, overrides: Partial<ToolCall> = {}): ToolCall {
  return {
    userId: 'alice',
    workspaceId: 'ws-1',
    server: trustedServer,
    tool,
    args: {},
    ...overrides,
  };
}

/**
 * Stands in for the person at the screen: records every prompt it was shown and
 * answers from a script (or leaves the prompt open when the script is empty).
 */
export function scriptedUser(...answers: PromptAnswer[]) {
  const shown: PromptRequest[] = [];
  const prompt = (request: PromptRequest): Promise<PromptAnswer> => {
    shown.push(request);
    const answer = answers.shift();
    return answer === undefined ? new Promise<PromptAnswer>(() => {}) : Promise.resolve(answer);
  };
  return { prompt, shown };
}

/** An engine on a manual clock with an in-memory store and audit ring. */
export async function setup(
  overrides: Partial<PermissionEngineOptions> & { store?: GrantStore } = {},
) {
  const clock = createManualClock(Date.UTC(2026, 10, 21));
  const audit = memoryAuditSink();
  const store = overrides.store ?? memoryStore();
  const engine = createPermissionEngine({ clock, audit, ...overrides, store });
  await engine.ready.catch(() => {});
  return {
    engine,
    clock,
    audit,
    store,
    events: (): DecisionAuditEvent[] => decisions(audit.events()),
  };
}

/** The events as decisions; any other kind fails the test (these engines audit only calls). */
export function decisions(events: readonly unknown[]): DecisionAuditEvent[] {
  return events.map((event) => {
    if (!isDecisionEvent(event)) throw new Error(`not a decision: ${JSON.stringify(event)}`);
    return event;
  });
}

/** Waits (by polling, not by time) until the user has been shown `count` prompts. */
export async function shownCount(user: { shown: unknown[] }, count: number): Promise<void> {
  await vi.waitFor(() => expect(user.shown).toHaveLength(count), { timeout: 2000, interval: 1 });
}

/** Lets queued promise callbacks run. */
export async function flush(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The fields of an R6 audit event, sorted; nothing else may appear (raw arguments least of all). */
export const R6_FIELDS = [
  'args_hash',
  'decision',
  'event_type',
  'koder_user_id',
  'origin',
  'risk_tier',
  'server_id',
  'timestamp',
  'tool_name',
  'workspace_id',
] as const;
