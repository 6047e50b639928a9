/**
 * Reading a policy file's text: strict JSON, then every field checked against the schema
 * (`policy.schema.json`) with its line, column and path. Pure: the caller reads the file.
 *
 * @module
 */
import { childPath, JsonSyntaxError, scanJson, type TextPosition } from './json-scan.js';
import { pointerProblem } from './pointer.js';
import { regexProblem } from './safe-regex.js';
import type { PolicyError, PolicyFile } from './types.js';

/** What {@link parsePolicy} returns. */
export type ParsePolicyResult =
  { ok: true; policy: PolicyFile } | { ok: false; errors: PolicyError[] };

const RULE_KEYS = ['id', 'effect', 'server', 'tool', 'tier', 'annotations', 'args', 'reason'];
const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const ARG_KEYS = ['pointer', 'equals', 'glob', 'regex'];
const EFFECTS = ['allow', 'ask', 'deny'];
const TIERS = ['low', 'medium', 'high'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/**
 * Parses and checks one policy file. Every problem is reported, not only the first (a syntax
 * error stops the check, as nothing after it can be trusted).
 *
 * @param text the file's text
 * @param file a name for messages, e.g. the path
 */
export function parsePolicy(text: string, file: string): ParsePolicyResult {
  let scanned;
  try {
    scanned = scanJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return {
      ok: false,
      errors: [{ file, ...error.position, field: '', message: `malformed JSON: ${error.message}` }],
    };
  }
  const errors: PolicyError[] = [];
  const report = (field: string, message: string): void => {
    const at: TextPosition = scanned.positions.get(field) ?? { line: 1, column: 1 };
    errors.push({ file, line: at.line, column: at.column, field, message });
  };
  const unknownKeys = (object: Record<string, unknown>, path: string, known: string[]): void => {
    for (const key of Object.keys(object)) {
      if (!known.includes(key)) {
        report(
          childPath(path, key),
          `unknown field ${JSON.stringify(key)} (known: ${known.join(', ')})`,
        );
      }
    }
  };
  const optionalString = (object: Record<string, unknown>, path: string, key: string): void => {
    if (object[key] !== undefined && typeof object[key] !== 'string') {
      report(childPath(path, key), `must be a string, not ${typeName(object[key])}`);
    }
  };

  const root = scanned.value;
  if (!isObject(root)) {
    report('', `a policy file is a JSON object, not ${typeName(root)}`);
    return { ok: false, errors };
  }
  unknownKeys(root, '', ['version', 'rules']);
  if (root.version !== 1) {
    report(Object.hasOwn(root, 'version') ? 'version' : '', 'version must be 1');
  }
  if (!Array.isArray(root.rules)) {
    report(
      Object.hasOwn(root, 'rules') ? 'rules' : '',
      `rules must be an array, not ${typeName(root.rules)}`,
    );
  } else {
    root.rules.forEach((rule: unknown, index) => checkRule(rule, childPath('rules', index)));
  }
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, policy: root as unknown as PolicyFile };

  function checkRule(rule: unknown, path: string): void {
    if (!isObject(rule)) {
      report(path, `a rule is an object, not ${typeName(rule)}`);
      return;
    }
    unknownKeys(rule, path, RULE_KEYS);
    if (!Object.hasOwn(rule, 'effect'))
      report(path, 'a rule needs an effect: "allow", "ask" or "deny"');
    else if (!EFFECTS.includes(rule.effect as string)) {
      report(childPath(path, 'effect'), 'effect must be "allow", "ask" or "deny"');
    }
    for (const key of ['id', 'server', 'tool', 'reason']) optionalString(rule, path, key);
    const tier = rule.tier;
    if (tier !== undefined) {
      const tiers = Array.isArray(tier) ? tier : [tier];
      if (
        (Array.isArray(tier) && tier.length === 0) ||
        !tiers.every((t) => TIERS.includes(t as string))
      ) {
        report(
          childPath(path, 'tier'),
          'tier must be "low", "medium" or "high", or a non-empty array of them',
        );
      }
    }
    const annotations = rule.annotations;
    if (annotations !== undefined) {
      const annotationsPath = childPath(path, 'annotations');
      if (!isObject(annotations))
        report(annotationsPath, `annotations must be an object, not ${typeName(annotations)}`);
      else {
        unknownKeys(annotations, annotationsPath, HINT_KEYS);
        for (const key of HINT_KEYS) {
          if (annotations[key] !== undefined && typeof annotations[key] !== 'boolean') {
            report(
              childPath(annotationsPath, key),
              `must be true or false, not ${typeName(annotations[key])}`,
            );
          }
        }
      }
    }
    if (rule.args !== undefined) {
      const argsPath = childPath(path, 'args');
      if (!Array.isArray(rule.args))
        report(argsPath, `args must be an array, not ${typeName(rule.args)}`);
      else rule.args.forEach((arg: unknown, index) => checkArg(arg, childPath(argsPath, index)));
    }
  }

  function checkArg(arg: unknown, path: string): void {
    if (!isObject(arg)) {
      report(path, `an args entry is an object, not ${typeName(arg)}`);
      return;
    }
    unknownKeys(arg, path, ARG_KEYS);
    if (typeof arg.pointer !== 'string') {
      report(
        Object.hasOwn(arg, 'pointer') ? childPath(path, 'pointer') : path,
        'an args entry needs a pointer (a JSON Pointer string)',
      );
    } else {
      const problem = pointerProblem(arg.pointer);
      if (problem) report(childPath(path, 'pointer'), `bad JSON Pointer: ${problem}`);
    }
    optionalString(arg, path, 'glob');
    optionalString(arg, path, 'regex');
    if (typeof arg.regex === 'string') {
      const problem = regexProblem(arg.regex);
      if (problem) report(childPath(path, 'regex'), problem);
    }
  }
}
