/**
 * Compiling policy sources into one index the decide path can ask per call. Rules are ranked
 * once (deny > ask > allow across every layer, then the layer, then source order, then index in
 * the file), so a lower layer can tighten a higher one but never loosen it; a call's
 * candidates are the rules for its exact tool name plus the glob (or absent) tool rules its
 * name matches, in rank order, worked out once per tool name; the first candidate that matches
 * decides. So a lookup with 1 000 rules looks at the few that name its tool, not all of them.
 *
 * @module
 */
import { ConsentError } from '../errors.js';
import { effectiveHints } from '../risk.js';
import { compileRule, type RuleMatcher } from './match.js';
import { parsePolicy } from './parse.js';
import { refusedErrors } from './source.js';
import {
  POLICY_LAYERS,
  type PolicyCall,
  type PolicyEffect,
  type PolicyError,
  type PolicyFile,
  type PolicyLayer,
  type PolicyRuleRef,
  type PolicySource,
  type PolicyVerdict,
} from './types.js';

/** What one call's evaluation found, with the rules it had to ignore. */
export interface PolicyExplanation {
  verdict: PolicyVerdict | null;
  /**
   * Allow rules below the host layer that matched a destructive call and were ignored (only
   * `managed` and `host` may allow a destructive tool), in rank order.
   */
  ignored: PolicyRuleRef[];
}

/** A compile-time note about a rule that can never apply. */
export interface PolicyDiagnostic extends PolicyRuleRef {
  message: string;
}

/** The compiled policies: immutable, pure, safe to share. */
export interface CompiledPolicy {
  /** The rule that decides the call, or null when no rule matches (grants and risk decide). */
  evaluate(call: PolicyCall): PolicyVerdict | null;
  /** {@link evaluate}, plus the destructive allows it ignored. */
  explain(call: PolicyCall): PolicyExplanation;
  /** Rules that can never apply, found at compile time. */
  readonly diagnostics: readonly PolicyDiagnostic[];
  /** How many rules were compiled. */
  readonly size: number;
}

/**
 * A policy given as a value (not text) that `parsePolicy` would refuse. The caller decides the
 * fallback; the rule is to ask, never to allow.
 */
export class InvalidPolicyError extends ConsentError {
  override name = 'InvalidPolicyError';
  constructor(readonly errors: readonly PolicyError[]) {
    super(errors.map((e) => `${e.file}: ${e.field || '(file)'}: ${e.message}`).join('\n'));
  }
}

/**
 * Checks a policy value with every rule of {@link parsePolicy} and returns a private copy, so a
 * host's object (getters, later mutation, a slow regex typed in by hand) cannot reach the index.
 * Positions in errors are in the value's JSON text (one line).
 */
function checkedCopy(source: PolicySource): PolicyFile {
  const refused = refusedErrors(source.policy);
  if (refused) throw new InvalidPolicyError(refused);
  let text: string | undefined;
  try {
    text = JSON.stringify(source.policy);
  } catch {
    text = undefined;
  }
  const result = parsePolicy(text ?? 'undefined', source.file);
  if (!result.ok) throw new InvalidPolicyError(result.errors);
  return result.policy;
}

const EFFECT_RANK: Record<PolicyEffect, number> = { deny: 0, ask: 1, allow: 2 };

/** How many tool names' candidate lists a compiled policy keeps before starting over. */
const MAX_TOOL_NAMES = 4096;

/** True for the layers whose allow rules may cover a destructive tool. */
export function mayAllowDestructive(layer: PolicyLayer): boolean {
  return layer === 'managed' || layer === 'host';
}

interface Entry {
  rank: number;
  matcher: RuleMatcher;
  verdict: PolicyVerdict;
  /** An allow that does not count when the call is destructive. */
  notForDestructive: boolean;
}

function refOf(verdict: PolicyVerdict): PolicyRuleRef {
  const { effect: _effect, reason: _reason, ...ref } = verdict;
  return ref;
}

/**
 * Compiles the sources (any order, any number per layer); the sources are copied, not kept.
 *
 * @throws InvalidPolicyError when a source's policy is not a valid policy file
 */
export function compilePolicies(sources: readonly PolicySource[]): CompiledPolicy {
  const entries: Entry[] = [];
  const diagnostics: PolicyDiagnostic[] = [];
  for (const source of sources) {
    checkedCopy(source).rules.forEach((rule, index) => {
      const verdict: PolicyVerdict = Object.freeze({
        effect: rule.effect,
        layer: source.layer,
        file: source.file,
        index,
        ...(rule.id === undefined ? {} : { ruleId: rule.id }),
        ...(rule.reason === undefined ? {} : { reason: rule.reason }),
      });
      const notForDestructive = rule.effect === 'allow' && !mayAllowDestructive(source.layer);
      if (notForDestructive && rule.annotations?.destructiveHint === true) {
        diagnostics.push({
          ...refOf(verdict),
          message: `an allow rule for destructive tools only counts in the managed or host layer; this ${source.layer} rule is ignored`,
        });
      }
      // Rank: effect (a deny anywhere wins), then layer (which rule is named), then the order
      // read (source order, then index in the file).
      const rank =
        (EFFECT_RANK[rule.effect] * POLICY_LAYERS.length + POLICY_LAYERS.indexOf(source.layer)) *
          2 ** 32 +
        entries.length;
      entries.push({ rank, matcher: compileRule(rule), verdict, notForDestructive });
    });
  }
  entries.sort((a, b) => a.rank - b.rank);

  const byTool = new Map<string, Entry[]>();
  const wildcard: Entry[] = [];
  for (const entry of entries) {
    const literal = entry.matcher.tool?.literal;
    if (literal === undefined) wildcard.push(entry);
    else {
      const list = byTool.get(literal);
      if (list) list.push(entry);
      else byTool.set(literal, [entry]);
    }
  }

  // Each tool name's candidates (its literal rules and the glob rules its name matches, in
  // rank order), worked out on first sight: a call then tests only rules that name its tool.
  // Bounded, as tool names come from servers.
  const byName = new Map<string, readonly Entry[]>();
  function candidates(tool: string): readonly Entry[] {
    const known = byName.get(tool);
    if (known) return known;
    const exact = byTool.get(tool) ?? [];
    const globs = wildcard.filter((entry) => entry.matcher.tool?.test(tool) !== false);
    const list = exact.length === 0 ? globs : [...exact, ...globs].sort((a, b) => a.rank - b.rank);
    if (byName.size >= MAX_TOOL_NAMES) byName.clear();
    byName.set(tool, list);
    return list;
  }

  /** The deciding rule; the destructive allows it skipped go to `ignored` when given. */
  function decide(call: PolicyCall, ignored: PolicyRuleRef[] | null): PolicyVerdict | null {
    // A malformed call (no tool name) is tested against every rule that names no tool.
    const list = typeof call.tool === 'string' ? candidates(call.tool) : wildcard;
    let hints: ReturnType<typeof effectiveHints> | undefined;
    for (let i = 0; i < list.length; i += 1) {
      const entry = list[i]!;
      hints ??= effectiveHints(call.annotations);
      if (!entry.matcher.test(call, hints)) continue;
      if (entry.notForDestructive && hints.destructive) {
        ignored?.push(refOf(entry.verdict));
        continue;
      }
      return entry.verdict;
    }
    return null;
  }

  return Object.freeze({
    evaluate: (call: PolicyCall) => decide(call, null),
    explain(call: PolicyCall): PolicyExplanation {
      const ignored: PolicyRuleRef[] = [];
      return { verdict: decide(call, ignored), ignored };
    },
    diagnostics: Object.freeze(diagnostics),
    size: entries.length,
  });
}
