import type { ResolvedOptions } from './options.js';
import type { Assessment, Grain, GrainOptions, ToolDefinition } from './types.js';

const ONCE_ONLY: readonly Grain[] = Object.freeze(['once']);
const NONE: readonly number[] = Object.freeze([]);

/**
 * What a prompt may offer. Spec R5 stands: no remembered allow (timed or always) for a tool that
 * may destroy data; "this session" for one only when the host allows it; no remembered allow
 * at all for a tier the user turned off (lifetime 0). A rule that asks every time makes a
 * remembered allow pointless, so only "once" is offered then. `readAnswer` refuses the rest.
 */
export function grainsFor(
  options: ResolvedOptions,
  assessment: Assessment,
  facts: { remembered: boolean; ruleAsks: boolean },
): GrainOptions {
  if (!facts.remembered) {
    return { allow: ONCE_ONLY, deny: ONCE_ONLY, timed: NONE, server: false };
  }
  const timed = options.timedGrains;
  const deny: Grain[] = [
    'once',
    'session',
    ...(timed.length > 0 ? ['timed' as const] : []),
    'always',
  ];
  if (facts.ruleAsks) return { allow: ONCE_ONLY, deny, timed, server: false };
  // The user's R5 setting may turn remembered allows off for a tier (a lifetime of 0): every
  // allow grain is bounded by the tier's lifetime, so none would outlive the answer.
  const remembers = options.expiry[assessment.risk.tier] !== 0;
  const permitted = assessment.allowAlwaysEnabled && remembers;
  const session =
    remembers && (assessment.allowAlwaysEnabled || options.sessionGrainsForDestructive);
  const allow: Grain[] = [
    'once',
    ...(session ? ['session' as const] : []),
    ...(permitted && timed.length > 0 ? ['timed' as const] : []),
    ...(permitted ? ['always' as const] : []),
  ];
  return { allow, deny, timed, server: session };
}

/** True when the user can edit the arguments: the tool's input schema is an object with fields. */
export function isEditable(tool: ToolDefinition): boolean {
  const schema = tool.inputSchema as { type?: unknown; properties?: unknown } | undefined;
  return (
    typeof schema === 'object' &&
    schema !== null &&
    schema.type === 'object' &&
    typeof schema.properties === 'object' &&
    schema.properties !== null &&
    Object.keys(schema.properties).length > 0
  );
}

/**
 * Why edited arguments cannot be taken, or null: they must be a JSON object (the schema is one)
 * whose keys the schema declares or the call already had. A key the user could not have typed
 * into the form (a protocol flag such as `__confirm`) means the edit did not come from the form.
 */
export function editProblem(
  tool: ToolDefinition,
  original: unknown,
  edited: unknown,
): string | null {
  if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
    return "edited arguments must be an object, as the tool's input schema says";
  }
  const declared = (tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
  const had =
    typeof original === 'object' && original !== null ? (original as Record<string, unknown>) : {};
  const unknown = Object.keys(edited).filter(
    (key) => !Object.hasOwn(declared, key) && !Object.hasOwn(had, key),
  );
  return unknown.length === 0
    ? null
    : `edited arguments may only hold fields the input schema declares, not ${unknown.map((k) => JSON.stringify(k)).join(', ')}`;
}
