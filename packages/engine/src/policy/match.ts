/**
 * One rule compiled once: its globs, pointers and regexes prepared, so matching a call does
 * no parsing. Pure.
 *
 * @module
 */
import type { EffectiveHints } from '../risk.js';
import type { RiskTier } from '../types.js';
import { compileGlob, type GlobMatcher } from './glob.js';
import { MISSING, pointerTokens, resolvePointer } from './pointer.js';
import { compileSafeRegex } from './safe-regex.js';
import { MAX_ARG_TEXT, type PolicyCall, type PolicyHintName, type PolicyRule } from './types.js';

/** A rule's conditions, ready to test. */
export interface RuleMatcher {
  /** The tool glob, or undefined when the rule matches every tool. */
  readonly tool?: GlobMatcher;
  test(call: PolicyCall, hints: EffectiveHints): boolean;
}

const HINT_OF: Record<PolicyHintName, keyof Omit<EffectiveHints, 'declared'>> = {
  readOnlyHint: 'readOnly',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'openWorld',
};

/** Deep equality of JSON values; object key order does not matter. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEquals(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEquals(left[key], right[key]))
  );
}

function capped(text: string): string {
  return text.length > MAX_ARG_TEXT ? text.slice(0, MAX_ARG_TEXT) : text;
}

/** Compiles a rule that {@link parsePolicy} (or the types) accepted. */
export function compileRule(rule: PolicyRule): RuleMatcher {
  const tool = rule.tool === undefined ? undefined : compileGlob(rule.tool);
  const server = rule.server === undefined ? undefined : compileGlob(rule.server);
  const tiers: readonly RiskTier[] | undefined =
    rule.tier === undefined ? undefined : Array.isArray(rule.tier) ? rule.tier : [rule.tier];
  const hints = Object.entries(rule.annotations ?? {}).map(
    ([name, value]) => [HINT_OF[name as PolicyHintName], value] as const,
  );
  const args = (rule.args ?? []).map((arg) => {
    const tokens = pointerTokens(arg.pointer);
    const glob = arg.glob === undefined ? undefined : compileGlob(arg.glob);
    const regex = arg.regex === undefined ? undefined : compileSafeRegex(arg.regex);
    const hasEquals = Object.hasOwn(arg, 'equals');
    return (value: unknown): boolean => {
      const here = resolvePointer(value, tokens);
      if (here === MISSING) return false;
      if (hasEquals && !jsonEquals(here, arg.equals)) return false;
      if ((glob || regex) && typeof here !== 'string') return false;
      if (glob && !glob.test(capped(here as string))) return false;
      if (regex && !regex(here as string)) return false;
      return true;
    };
  });
  return {
    ...(tool ? { tool } : {}),
    test(call, effective) {
      if (tool && !tool.test(call.tool)) return false;
      if (server && !server.test(call.server)) return false;
      if (tiers && !tiers.includes(call.tier)) return false;
      for (const [hint, value] of hints) if (effective[hint] !== value) return false;
      for (const arg of args) if (!arg(call.args)) return false;
      return true;
    },
  };
}
