/**
 * Compiling policy sources into one index the decide path can ask per call. Rules are ranked
 * once (deny > ask > allow across every layer, then the layer, then source order, then index in
 * the file), so a lower layer can tighten a higher one but never loosen it; a call's
 * candidates are the rules for its exact tool name plus the rules whose tool is a glob or
 * absent, both lists in rank order, and the first candidate that matches decides. So a lookup
 * with 1 000 literal-name rules looks at a handful, not all of them.
 *
 * @module
 */
import { ConsentError } from '../errors.js';
import { effectiveHints } from '../risk.js';
import { compileRule, type RuleMatcher } from './match.js';
import { parsePolicy } from './parse.js';
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

  function explain(call: PolicyCall): PolicyExplanation {
    const exact = byTool.get(call.tool) ?? [];
    let ignored: PolicyRuleRef[] | undefined;
    let hints: ReturnType<typeof effectiveHints> | undefined;
    let e = 0;
    let w = 0;
    while (e < exact.length || w < wildcard.length) {
      const entry =
        w >= wildcard.length || (e < exact.length && exact[e]!.rank < wildcard[w]!.rank)
          ? exact[e++]!
          : wildcard[w++]!;
      hints ??= effectiveHints(call.annotations);
      if (!entry.matcher.test(call, hints)) continue;
      if (entry.notForDestructive && hints.destructive) {
        (ignored ??= []).push(refOf(entry.verdict));
        continue;
      }
      return { verdict: entry.verdict, ignored: ignored ?? [] };
    }
    return { verdict: null, ignored: ignored ?? [] };
  }

  return Object.freeze({
    evaluate: (call: PolicyCall) => explain(call).verdict,
    explain,
    diagnostics: Object.freeze(diagnostics),
    size: entries.length,
  });
}
