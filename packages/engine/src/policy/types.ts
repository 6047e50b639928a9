import type { RiskTier, ToolAnnotations } from '../types.js';

/** What a policy rule does with a call it matches. */
export type PolicyEffect = 'allow' | 'ask' | 'deny';

/**
 * Where a policy comes from. Precedence, highest first:
 * `managed` > `host` > `user` > `workspace` > `session`, then remembered grants, then the
 * risk default (see the engine README, "Policy").
 */
export type PolicyLayer = 'managed' | 'host' | 'user' | 'workspace' | 'session';

/** The layers, highest precedence first. */
export const POLICY_LAYERS: readonly PolicyLayer[] = Object.freeze([
  'managed',
  'host',
  'user',
  'workspace',
  'session',
]);

/** The four MCP hint names a rule may match on. */
export type PolicyHintName =
  'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

/** A JSON value, as a rule's `equals` holds it. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One condition on the call's arguments. Every given test must hold. */
export interface PolicyArgMatcher {
  /** Where in the arguments, as a JSON Pointer (RFC 6901); `""` is the whole arguments. */
  pointer: string;
  /** The value there equals this JSON value (deep, key order ignored). */
  equals?: JsonValue;
  /** The value there is a string matching this glob (`*`, `?`, `\` escapes). */
  glob?: string;
  /**
   * The value there is a string in which this regular expression finds a match (unanchored;
   * use `^`/`$`). Restricted to a safe subset (see `checkSafeRegex`) and applied to the
   * first {@link MAX_ARG_TEXT} characters only.
   */
  regex?: string;
}

/** One rule. Every given condition must hold for the rule to match; none given matches all. */
export interface PolicyRule {
  /** A name for messages and the audit; the file and index identify the rule otherwise. */
  id?: string;
  effect: PolicyEffect;
  /** The server id, exactly or as a glob. @default any server */
  server?: string;
  /** The tool name, exactly or as a glob. @default any tool */
  tool?: string;
  /** The call's risk tier, or one of several. @default any tier */
  tier?: RiskTier | RiskTier[];
  /** Hints the tool has, with the MCP defaults applied (no hints = destructive, open world). */
  annotations?: Partial<Record<PolicyHintName, boolean>>;
  /** Conditions on the arguments; all must hold. @default none */
  args?: PolicyArgMatcher[];
  /** Why, shown to the user and the agent. */
  reason?: string;
}

/** One policy file. */
export interface PolicyFile {
  version: 1;
  rules: PolicyRule[];
}

/** A parsed policy and where it stands. */
export interface PolicySource {
  layer: PolicyLayer;
  /** A name for messages (a path, a URL, "host options"); never read by the engine. */
  file: string;
  policy: PolicyFile;
}

/** What a rule is matched against: one call, as the decide path knows it. */
export interface PolicyCall {
  /** The server's id (`ServerRef.id`). */
  server: string;
  /** The tool's name. */
  tool: string;
  /** The call's risk tier (the tool's own tier, as `assessCall` gives it). */
  tier: RiskTier;
  /** The tool's annotations as the server declared them; the MCP defaults are applied here. */
  annotations?: ToolAnnotations;
  /** The call's arguments. */
  args: unknown;
}

/** Which rule decided: enough to name it in a prompt and an audit event. */
export interface PolicyVerdict {
  effect: PolicyEffect;
  layer: PolicyLayer;
  /** The source's `file`. */
  file: string;
  /** The rule's index in its file's `rules` (0-based). */
  index: number;
  ruleId?: string;
  reason?: string;
}

/** A rule reference without an effect, for diagnostics. */
export type PolicyRuleRef = Omit<PolicyVerdict, 'effect' | 'reason'>;

/** A bad policy input, located in its text. Lines and columns start at 1. */
export interface PolicyError {
  file: string;
  line: number;
  column: number;
  /** The path of the bad field, e.g. `rules[3].args[0].regex`; `""` for the whole file. */
  field: string;
  message: string;
}

/** Arguments longer than this are matched on their first this many characters (glob, regex). */
export const MAX_ARG_TEXT = 4096;
