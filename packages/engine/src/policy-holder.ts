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

/**
 * The policy in force. An invalid one is never half-applied: nothing compiles, the state says
 * `invalid` with its errors, and the decide path asks about every call until a valid one is set.
 */
export class PolicyHolder {
  compiled: CompiledPolicy | null = null;
  state: PolicyState = NONE;

  /** Replaces the policy; returns the errors of an invalid one (empty when it took). */
  set(sources: readonly PolicySource[] | undefined): readonly PolicyError[] {
    let given: readonly PolicySource[] = Object.freeze([]);
    try {
      given = Object.freeze([...(sources ?? [])]);
      for (const [i, source] of given.entries()) {
        if (!POLICY_LAYERS.includes(source?.layer) || typeof source.file !== 'string') {
          throw new InvalidPolicyError([
            {
              file: typeof source?.file === 'string' ? source.file : `(source ${i})`,
              line: 1,
              column: 1,
              field: '',
              message: `a policy source needs a layer (${POLICY_LAYERS.join(', ')}) and a file name`,
            },
          ]);
        }
      }
      const compiled = compilePolicies(given);
      this.compiled = compiled;
      this.state = Object.freeze({
        status: compiled.size === 0 && given.length === 0 ? 'none' : 'ok',
        sources: given,
        errors: Object.freeze([]),
        diagnostics: compiled.diagnostics,
      });
    } catch (error) {
      const errors: readonly PolicyError[] =
        error instanceof InvalidPolicyError
          ? error.errors
          : [{ file: '(policy)', line: 1, column: 1, field: '', message: asError(error).message }];
      this.compiled = null;
      this.state = Object.freeze({
        status: 'invalid',
        sources: given,
        errors: Object.freeze([...errors]),
        diagnostics: Object.freeze([]),
      });
    }
    return this.state.errors;
  }
}
