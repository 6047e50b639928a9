import { compilePolicies, InvalidPolicyError, type CompiledPolicy } from './policy/compile.js';
import { POLICY_LAYERS, type PolicyError, type PolicySource } from './policy/types.js';
import type { PolicyState } from './engine-types.js';
import { asError } from './hub.js';

const NONE: PolicyState = Object.freeze({
  status: 'none',
  sources: Object.freeze([]) as readonly PolicySource[],
  errors: Object.freeze([]) as readonly PolicyError[],
  diagnostics: Object.freeze([]),
});

const errorsOf = (error: unknown, file: string): PolicyError[] =>
  error instanceof InvalidPolicyError
    ? [...error.errors]
    : [{ file, line: 1, column: 1, field: '', message: asError(error).message }];

/** A source's errors, or none: a layer, a file name, and a policy `parsePolicy` would take. */
function problemsOf(source: PolicySource, index: number): PolicyError[] {
  const file = typeof source?.file === 'string' ? source.file : `(source ${index})`;
  if (!POLICY_LAYERS.includes(source?.layer) || typeof source.file !== 'string') {
    const message = `a policy source needs a layer (${POLICY_LAYERS.join(', ')}) and a file name`;
    return [{ file, line: 1, column: 1, field: '', message }];
  }
  try {
    compilePolicies([source]);
    return [];
  } catch (error) {
    return errorsOf(error, file);
  }
}

/**
 * The policy in force. A source that is invalid is never half-applied: none of its rules apply,
 * the state says `invalid` with the errors, and the decide path asks about every call until it
 * is fixed — while the deny rules of the valid sources still deny (a broken user file must not
 * switch off an administrator's deny).
 */
export class PolicyHolder {
  /** The valid sources, compiled; null when none. */
  compiled: CompiledPolicy | null = null;
  state: PolicyState = NONE;

  /** Replaces the policy; returns the errors of the invalid sources (empty when all took). */
  set(sources: readonly PolicySource[] | undefined): readonly PolicyError[] {
    let given: readonly PolicySource[];
    try {
      given = Object.freeze([...(sources ?? [])]);
    } catch (error) {
      this.compiled = null;
      this.state = Object.freeze({
        status: 'invalid',
        sources: Object.freeze([]),
        errors: Object.freeze(errorsOf(error, '(policy)')),
        diagnostics: Object.freeze([]),
      });
      return this.state.errors;
    }
    const errors: PolicyError[] = [];
    const valid = given.filter((source, index) => {
      const problems = problemsOf(source, index);
      errors.push(...problems);
      return problems.length === 0;
    });
    this.compiled = valid.length > 0 ? compilePolicies(valid) : null;
    this.state = Object.freeze({
      status: errors.length > 0 ? 'invalid' : given.length > 0 ? 'ok' : 'none',
      sources: given,
      errors: Object.freeze(errors),
      diagnostics: this.compiled?.diagnostics ?? Object.freeze([]),
    });
    return this.state.errors;
  }
}
