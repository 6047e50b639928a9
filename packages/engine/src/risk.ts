import type {
  RiskAssessment,
  RiskReason,
  RiskTier,
  ServerRef,
  ToolAnnotations,
  ToolDefinition,
} from './types.js';

export interface RiskOptions {
  /**
   * Where a server may state its own tier in `tool._meta`, as a path of keys.
   * @default ['koder', 'risk']
   */
  serverRiskPath?: readonly string[];
}

/** The four MCP hints with the protocol defaults applied. */
export interface EffectiveHints {
  readOnly: boolean;
  /** Only meaningful when not read-only, as the MCP spec says. */
  destructive: boolean;
  /** Only meaningful when not read-only. */
  idempotent: boolean;
  openWorld: boolean;
  /** Which hints the server actually declared (as booleans). */
  declared: { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };
}

const TIER_RANK: Record<RiskTier, number> = { low: 0, medium: 1, high: 2 };
export const DEFAULT_SERVER_RISK_PATH: readonly string[] = ['koder', 'risk'];

/** A hint counts only when it is a real boolean; anything else is treated as absent. */
function hint(annotations: ToolAnnotations | undefined, key: string): boolean | undefined {
  const value = annotations && Object.hasOwn(annotations, key) ? annotations[key] : undefined;
  return typeof value === 'boolean' ? value : undefined;
}

export function effectiveHints(annotations: ToolAnnotations | undefined): EffectiveHints {
  const readOnlyHint = hint(annotations, 'readOnlyHint');
  const destructiveHint = hint(annotations, 'destructiveHint');
  const idempotentHint = hint(annotations, 'idempotentHint');
  const openWorldHint = hint(annotations, 'openWorldHint');
  const readOnly = readOnlyHint ?? false;
  return {
    readOnly,
    destructive: !readOnly && (destructiveHint ?? true),
    idempotent: !readOnly && (idempotentHint ?? false),
    openWorld: openWorldHint ?? true,
    declared: {
      readOnly: readOnlyHint !== undefined,
      destructive: destructiveHint !== undefined,
      idempotent: idempotentHint !== undefined,
      openWorld: openWorldHint !== undefined,
    },
  };
}

/** True when the server declared at least one of the four hints. */
export function hasHints(tool: ToolDefinition): boolean {
  const { declared } = effectiveHints(tool.annotations);
  return declared.readOnly || declared.destructive || declared.idempotent || declared.openWorld;
}

/**
 * Allow always is refused for destructive tools (spec R5, N3). With the MCP
 * defaults a tool that does not say it is read-only or non-destructive counts
 * as destructive, so unannotated tools get Allow once only.
 */
export function isAllowAlwaysPermitted(tool: ToolDefinition): boolean {
  return !effectiveHints(tool.annotations).destructive;
}

/** Reads the server's self-declared tier, ignoring anything that is not a known tier. */
export function serverDeclaredTier(
  tool: ToolDefinition,
  path: readonly string[] = DEFAULT_SERVER_RISK_PATH,
): RiskTier | undefined {
  let node: unknown = tool._meta;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node === 'low' || node === 'medium' || node === 'high' ? node : undefined;
}

/**
 * Derives the risk tier of a call (spec R2 with the MCP annotation defaults).
 * The full decision table is in this package's README.
 */
export function deriveRisk(
  tool: ToolDefinition,
  server: ServerRef,
  options: RiskOptions = {},
  /** The tool's hints, when the caller has them already. */
  hints: EffectiveHints = effectiveHints(tool.annotations),
): RiskAssessment {
  const trusted = server.trusted === true;
  const derived = deriveFromAnnotations(hints, trusted);
  const declared = serverDeclaredTier(tool, options.serverRiskPath);
  if (declared === undefined || declared === derived.tier) return derived;
  if (TIER_RANK[declared] > TIER_RANK[derived.tier]) {
    return {
      tier: declared,
      reasons: [...derived.reasons, 'server_raised'],
      source: 'server_meta',
    };
  }
  // Lowering is a claim about safety: only a server the host trusts may make it.
  if (trusted) {
    return {
      tier: declared,
      reasons: [...derived.reasons, 'server_lowered'],
      source: 'server_meta',
    };
  }
  return { ...derived, reasons: [...derived.reasons, 'server_lower_ignored'] };
}

function deriveFromAnnotations(hints: EffectiveHints, trusted: boolean): RiskAssessment {
  const { declared } = hints;
  if (!(declared.readOnly || declared.destructive || declared.idempotent || declared.openWorld))
    return { tier: 'high', reasons: ['no_annotations'], source: 'defaults' };
  const high: RiskReason[] = [];
  if (hints.destructive) high.push('destructive');
  if (hints.openWorld) high.push('open_world');
  if (high.length > 0) return { tier: 'high', reasons: high, source: 'annotations' };
  if (hints.readOnly) {
    return trusted
      ? { tier: 'low', reasons: ['read_only', 'trusted_server'], source: 'annotations' }
      : { tier: 'medium', reasons: ['read_only', 'untrusted_server'], source: 'annotations' };
  }
  // A closed-world write that is declared non-destructive.
  return {
    tier: 'medium',
    reasons: [hints.idempotent ? 'idempotent_write' : 'non_idempotent_write'],
    source: 'annotations',
  };
}
