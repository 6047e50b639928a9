import { InvalidInputError } from './errors.js';
import type { CallRequester, ServerRef, ToolCall, ToolDefinition } from './types.js';

/**
 * What was approved is what runs: the engine decides on a deep, frozen copy of each call and
 * hands that copy back in its result, so a caller that changes its arguments object while the
 * user looks at the prompt changes nothing that is asked, remembered or sent.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `String.prototype.isWellFormed` where the runtime has it: every lookup checks four ids. */
const wellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text);

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && wellFormed(value);

/** Definitions the engine froze itself (or a catalog froze through it): used as they are. */
const frozenDefinitions = new WeakSet<ToolDefinition>();
/** A caller's mutable definition → its JSON and frozen copy, so an unchanged one is copied once. */
const copies = new WeakMap<ToolDefinition, { json: string; frozen: ToolDefinition }>();

/** Deep-freezes a JSON value without recursion (arguments may nest 10 000 deep). */
function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || Object.isFrozen(node)) continue;
    Object.freeze(node);
    for (const key of Object.keys(node)) stack.push((node as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * A deep copy as the wire carries it: `JSON.stringify` then `JSON.parse`, so holes become
 * null, `toJSON` runs, and undefined members drop out exactly as in the request a server gets.
 */
function jsonCopy(value: unknown, what: string): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new InvalidInputError(
      'call',
      `${what} cannot be sent as JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return text === undefined ? undefined : JSON.parse(text);
}

/** Arguments as the wire carries them (see `jsonCopy`); throws `InvalidInputError` when it cannot. */
export function wireCopy(args: unknown): unknown {
  try {
    return args === undefined ? undefined : jsonCopy(args, 'The arguments');
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    // A stack overflow on absurd nesting, or a getter that throws: same answer.
    throw new InvalidInputError('call', `The arguments cannot be read (${String(error)}).`);
  }
}

/** The parts of a definition the engine reads; everything else a server lists stays out. */
function pickDefinition(tool: ToolDefinition): ToolDefinition {
  const picked: ToolDefinition = { name: tool.name };
  if (tool.title !== undefined) picked.title = tool.title;
  if (tool.description !== undefined) picked.description = tool.description;
  if (tool.annotations !== undefined) picked.annotations = tool.annotations;
  if (tool.inputSchema !== undefined) picked.inputSchema = tool.inputSchema;
  if (tool._meta !== undefined) picked._meta = tool._meta;
  if (tool.icons !== undefined) picked.icons = tool.icons;
  return picked;
}

/**
 * A deep, frozen copy of a tool definition with only the parts the engine reads (name, title,
 * description, annotations, inputSchema, _meta). A catalog that keeps definitions as immutable
 * values freezes them once through this, and the engine then uses them without copying.
 * Throws `InvalidInputError` for a definition JSON cannot hold.
 */
export function freezeDefinition(tool: ToolDefinition): ToolDefinition {
  if (frozenDefinitions.has(tool)) return tool;
  const picked = pickDefinition(tool);
  const memo = copies.get(tool);
  let json: string;
  try {
    json = JSON.stringify(picked);
  } catch (error) {
    throw new InvalidInputError(
      'call',
      `The definition of a tool cannot be read as JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (memo && memo.json === json) return memo.frozen;
  const frozen = deepFreeze(JSON.parse(json) as ToolDefinition);
  frozenDefinitions.add(frozen);
  copies.set(tool, { json, frozen });
  return frozen;
}

/** Says what is wrong with a call, or nothing. */
function callProblems(call: unknown): string[] {
  if (typeof call !== 'object' || call === null) {
    return ['a tool call must be an object: { userId, workspaceId, server, tool, args }'];
  }
  const { userId, workspaceId, server, tool } = call as Partial<ToolCall>;
  const problems: string[] = [];
  if (!isId(userId)) problems.push('userId must be a non-empty, well-formed string');
  if (!isId(workspaceId)) problems.push('workspaceId must be a non-empty, well-formed string');
  if (typeof server !== 'object' || server === null || !isId(server.id)) {
    problems.push(
      "server.id must be a non-empty, well-formed string (the host's id for this connection)",
    );
  }
  if (typeof tool !== 'object' || tool === null || !isId(tool.name)) {
    problems.push('tool.name must be a non-empty, well-formed string');
  }
  const { requestedBy } = call as Partial<ToolCall>;
  if (requestedBy !== undefined && requesterOf(requestedBy) === null) {
    problems.push("requestedBy must be { kind: 'model' } or { kind: 'app', app: '<name>' }");
  }
  return problems;
}

/** A requester the engine keeps: an app with a name, or nothing for the model; null when malformed. */
function requesterOf(value: unknown): CallRequester | undefined | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, app } = value as { kind?: unknown; app?: unknown };
  if (kind === 'model') return undefined;
  return kind === 'app' && isId(app) ? Object.freeze({ kind: 'app', app }) : null;
}

/** Rejects malformed calls with an `InvalidInputError` that says what to fix. */
export function validateCall(call: ToolCall): void {
  const problems = callProblems(call);
  if (problems.length > 0) {
    throw new InvalidInputError('call', `Invalid tool call: ${problems.join('; ')}.`);
  }
}

/** A host's server object → the frozen copy of it calls were decided with. */
const servers = new WeakMap<ServerRef, ServerRef>();

/**
 * The host's server fields, frozen; the same copy while the host's object (one per connection)
 * keeps them, so the lookup cache resolves its grants once per connection, not once per call.
 */
function serverCopy(given: ServerRef): ServerRef {
  const server: ServerRef = { id: given.id };
  if (given.trusted !== undefined) server.trusted = given.trusted === true;
  if (typeof given.name === 'string') server.name = given.name;
  if (typeof given.origin === 'string') server.origin = given.origin;
  const held = servers.get(given);
  if (
    held?.id === server.id &&
    held.trusted === server.trusted &&
    held.name === server.name &&
    held.origin === server.origin
  )
    return held;
  servers.set(given, Object.freeze(server));
  return server;
}

/**
 * Validates a call and returns the frozen copy the engine decides on: the arguments as JSON
 * carries them, the definition's engine-read parts, the host's server fields. Throws
 * `InvalidInputError` (never anything else) for a call that cannot be decided on.
 */
export function snapshotCall(call: ToolCall): ToolCall {
  validateCall(call);
  const args = wireCopy(call.args);
  const snapshot: ToolCall = {
    userId: call.userId,
    workspaceId: call.workspaceId,
    server: serverCopy(call.server),
    tool: freezeDefinition(call.tool),
    args: deepFreeze(args),
  };
  const requester = call.requestedBy === undefined ? undefined : requesterOf(call.requestedBy);
  if (requester) snapshot.requestedBy = requester;
  return Object.freeze(snapshot);
}
