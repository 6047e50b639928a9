/**
 * `mcp-consent rules`: the policy files this host reads, highest layer first, each rule with
 * its number (as prompts and the audit name it: "rule 3 in …"), effect and conditions. Plain
 * text with no escape sequences, wrapped to the terminal (80 columns when not a terminal), so
 * it reads the same redirected to a file. A file with errors: the located errors on stderr and
 * exit code 1.
 */
import { compilePolicies, type PolicyEffect, type PolicyRule } from '@mcp-consent/engine';
import type { AppTranslator } from '@mcp-consent/i18n/apps';
import stringWidth from 'string-width';
import type { LoadedPolicies, PolicyFileError } from './policy-files.js';
import { clean, pad, wrap } from './text.js';

/**
 * `file:line:column: field: message`, the way editors and compilers locate an error; without
 * the field for an error about the whole file.
 */
export function policyErrorLine(error: PolicyFileError, t: AppTranslator): string {
  const message = error.unreadable
    ? t.t('mcp.cli.policy.unreadable', { code: clean(error.message, 200) })
    : clean(error.message, 500);
  const at = {
    file: clean(error.file, 500),
    // As digits, never grouped ("1,204"): editors read these positions.
    line: String(error.line),
    column: String(error.column),
    message,
  };
  if (error.field === '') return t.t('mcp.cli.policy.error_at_file', at);
  return t.t('mcp.cli.policy.error_at', { ...at, field: clean(error.field, 200) });
}

/**
 * A rule's conditions in the file's own words (`tool=notes_*`, `/id glob "a*"`); field names
 * are syntax. An argument that only has to be there is said in the user's language.
 */
export function conditionsOf(rule: PolicyRule, t: AppTranslator): string[] {
  const parts: string[] = [];
  if (rule.server !== undefined) parts.push(`server=${clean(rule.server, 200)}`);
  if (rule.tool !== undefined) parts.push(`tool=${clean(rule.tool, 200)}`);
  if (rule.tier !== undefined)
    parts.push(`tier=${(Array.isArray(rule.tier) ? rule.tier : [rule.tier]).join(',')}`);
  for (const [hint, value] of Object.entries(rule.annotations ?? {}))
    parts.push(`${hint}=${String(value)}`);
  for (const arg of rule.args ?? []) {
    const at = clean(arg.pointer === '' ? '""' : arg.pointer, 200);
    if (arg.equals !== undefined)
      parts.push(`${at} equals ${clean(JSON.stringify(arg.equals), 200)}`);
    if (arg.glob !== undefined) parts.push(`${at} glob ${clean(JSON.stringify(arg.glob), 200)}`);
    if (arg.regex !== undefined) parts.push(`${at} regex ${clean(JSON.stringify(arg.regex), 200)}`);
    if (arg.equals === undefined && arg.glob === undefined && arg.regex === undefined)
      parts.push(t.t('mcp.cli.rules.arg_present', { pointer: at }));
  }
  return parts;
}

/** Prints the effective rules; returns the exit code (1 when a file has errors). */
export function printRules(
  loaded: LoadedPolicies,
  t: AppTranslator,
  out: NodeJS.WriteStream = process.stdout,
  err: NodeJS.WriteStream = process.stderr,
): number {
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) err.write(`${policyErrorLine(error, t)}\n`);
    err.write(`${t.t('mcp.cli.rules.invalid')}\n`);
    return 1;
  }
  const columns = out.isTTY && out.columns ? Math.max(40, out.columns) : 80;
  const lines = [...wrap(t.t('mcp.cli.rules.precedence'), columns, '')];
  lines.push(...wrap(t.t('mcp.cli.rules.destructive'), columns, ''));
  // Rules that can never apply, found when compiling (an allow for destructive tools below host).
  const never = new Set(
    compilePolicies(loaded.sources).diagnostics.map((d) => `${d.file}\n${d.index}`),
  );
  const layers = loaded.files.map((file) => t.t(`mcp.cli.rules.layer.${file.ref.layer}`));
  const layerWidth = Math.max(...layers.map((label) => stringWidth(label)));
  const effect = (name: PolicyEffect) => t.t(`mcp.cli.rules.effect.${name}`);
  const effectWidth = Math.max(
    ...(['allow', 'ask', 'deny'] as const).map((name) => stringWidth(effect(name))),
  );
  loaded.files.forEach((file, at) => {
    lines.push('', `${pad(layers[at]!, layerWidth)}  ${clean(file.ref.path, 500)}`);
    if (file.status !== 'ok') {
      lines.push(`  ${t.t('mcp.cli.rules.no_file')}`);
      return;
    }
    const { rules } = file.source.policy;
    lines.push(`  ${t.t('mcp.cli.rules.count', { count: rules.length })}`);
    const number = String(rules.length).length;
    rules.forEach((rule, index) => {
      const head = `  ${String(index + 1).padStart(number)}. ${pad(effect(rule.effect), effectWidth)}`;
      const indent = ' '.repeat(number + 4);
      const conditions = conditionsOf(rule, t);
      const what = conditions.length > 0 ? conditions.join(' · ') : t.t('mcp.cli.rules.any');
      lines.push(...wrap(what, columns, indent, `${head}  `));
      if (rule.id !== undefined)
        lines.push(
          ...wrap(t.t('mcp.cli.rules.id', { id: clean(rule.id, 200) }), columns, indent, indent),
        );
      if (rule.reason !== undefined)
        lines.push(
          ...wrap(
            t.t('mcp.cli.rules.reason', { reason: clean(rule.reason, 500) }),
            columns,
            indent,
            indent,
          ),
        );
      if (never.has(`${file.ref.path}\n${index}`))
        lines.push(...wrap(t.t('mcp.cli.rules.never'), columns, indent, indent));
    });
  });
  out.write(`${lines.join('\n')}\n`);
  return 0;
}
