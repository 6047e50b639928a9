/**
 * The declarative policy core (issue 17): types, parsing with located errors, and a compiled
 * rule index. Pure and framework-free; the engine's decide path uses it (`gate.ts`).
 *
 * @module
 */
export { parsePolicy } from './parse.js';
export type { ParsePolicyResult } from './parse.js';
export { policySourceFromText } from './source.js';
export { compilePolicies, InvalidPolicyError, mayAllowDestructive } from './compile.js';
export type { CompiledPolicy, PolicyDiagnostic, PolicyExplanation } from './compile.js';
export { compileGlob } from './glob.js';
export type { GlobMatcher } from './glob.js';
export { MAX_REGEX_LENGTH, regexProblem } from './safe-regex.js';
export { pointerProblem } from './pointer.js';
export { MAX_ARG_TEXT, POLICY_LAYERS } from './types.js';
export type * from './types.js';
