/**
 * A policy source from a file's text, for hosts that read policy files: the engine then reports
 * the file's own lines and columns, and a file that does not parse still reaches the engine
 * (which asks about every call until it is fixed) instead of being dropped.
 *
 * @module
 */
import { parsePolicy } from './parse.js';
import type { PolicyError, PolicyLayer, PolicyRule, PolicySource } from './types.js';

/** Policies that stand for a file that did not parse, with its errors. Unforgeable. */
const refused = new WeakMap<object, readonly PolicyError[]>();

/**
 * Parses a policy file's text into a source for `createPermissionEngine({ policy })`,
 * `engine.setPolicy` or `compilePolicies`. A file with errors becomes a source with no rules
 * that the engine refuses with those errors (file, line, column, field), so every call is asked.
 */
export function policySourceFromText(layer: PolicyLayer, file: string, text: string): PolicySource {
  const result = parsePolicy(text, file);
  if (result.ok) return { layer, file, policy: result.policy };
  const policy = Object.freeze({
    version: 1 as const,
    rules: Object.freeze([]) as unknown as PolicyRule[],
  });
  refused.set(policy, Object.freeze([...result.errors]));
  return { layer, file, policy };
}

/** The errors of a source made by {@link policySourceFromText} from a bad file, if it was one. */
export function refusedErrors(policy: unknown): readonly PolicyError[] | undefined {
  return typeof policy === 'object' && policy !== null ? refused.get(policy) : undefined;
}
