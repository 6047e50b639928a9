import {
  mayAllowDestructive,
  POLICY_LAYERS,
  type PolicyArgMatcher,
  type PolicyEffect,
  type PolicyLayer,
  type PolicyRule,
  type PolicySource,
} from '@mcp-consent/engine';
import { attrs } from './anatomy.js';
import { ruleSource } from './rows.js';
import type { ManagerApi, ManagerContext, RuleColumn, RuleRowView } from './types.js';

export const RULE_COLUMNS: readonly RuleColumn[] = [
  'layer',
  'effect',
  'matches',
  'source',
  'reason',
];
const EFFECTS: readonly PolicyEffect[] = ['allow', 'ask', 'deny'];
const TIERS = ['low', 'medium', 'high'] as const;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * The rules section: the policy's rules, read-only, highest layer first (the precedence a
 * newcomer reads top to bottom), then file and rule order. An invalid policy is not in force:
 * its rules are not listed as if they were; its errors are, with the notice that every call is
 * asked until it is fixed. Null when the engine cannot say (no `policy()`).
 */
export function rulesView(ctx: ManagerContext): ManagerApi['rules'] {
  const { t, engine } = ctx;
  if (typeof engine.policy !== 'function') return null;
  const state = engine.policy();
  const invalid = state.status === 'invalid';
  const rows = invalid ? [] : ruleRows(ctx, state.sources);
  return {
    title: t.t('mcp.rules.title'),
    description: t.t('mcp.rules.description'),
    countText: t.t('mcp.rules.count', { count: rows.length }),
    status: state.status,
    columns: Object.fromEntries(
      RULE_COLUMNS.map((c) => [c, t.t(`mcp.rules.column.${c}`)]),
    ) as Record<RuleColumn, string>,
    rows,
    emptyText: invalid || rows.length > 0 ? null : t.t('mcp.rules.empty'),
    invalidText: invalid
      ? t.t('mcp.rules.invalid', { count: Math.max(1, state.errors.length) })
      : null,
    errors: invalid
      ? state.errors.map((error, i) => ({
          id: `${ctx.prefix}-rules-error-${i}`,
          text: t.t('mcp.rules.error', {
            location: ctx.hostText(
              `${String(error.file)}:${error.line}:${error.column}${error.field ? ` ${String(error.field)}` : ''}`,
            ),
            message: ctx.hostText(error.message),
          }),
        }))
      : [],
  };
}

/** The rules of valid sources, by layer precedence, then source and rule order. */
function ruleRows(ctx: ManagerContext, sources: readonly PolicySource[]): RuleRowView[] {
  const rank = (layer: PolicyLayer) => POLICY_LAYERS.indexOf(layer);
  const ordered = sources
    .map((source, order) => ({ source, order }))
    .sort((a, b) => rank(a.source.layer) - rank(b.source.layer) || a.order - b.order);
  const rows: RuleRowView[] = [];
  for (const { source, order } of ordered) {
    const rules = Array.isArray(source.policy?.rules) ? source.policy.rules : [];
    rules.forEach((rule, index) =>
      rows.push(ruleRow(ctx, source, rule, `${order}-${index}`, index)),
    );
  }
  return rows;
}

function ruleRow(
  ctx: ManagerContext,
  source: PolicySource,
  rule: PolicyRule,
  key: string,
  index: number,
): RuleRowView {
  const { t } = ctx;
  const effect: PolicyEffect = EFFECTS.includes(rule.effect) ? rule.effect : 'ask';
  return {
    id: `${ctx.prefix}-rule-${key}`,
    layer: source.layer,
    layerText: t.t('mcp.rules.layer', { layer: source.layer }),
    effect,
    effectText: t.t('mcp.rules.effect', { effect }),
    matchText: matchText(ctx, rule),
    sourceText: ruleSource(ctx, { file: source.file, index, id: rule.id }),
    reason:
      typeof rule.reason === 'string' && rule.reason !== '' ? ctx.hostText(rule.reason) : null,
    note: noteOf(ctx, source.layer, rule, effect),
    props: {
      row: { ...attrs('rule-row'), 'data-layer': source.layer, 'data-effect': effect },
      effect: { ...attrs('effect'), 'data-effect': effect },
    },
  };
}

/**
 * What the engine does not let an allow rule below the host layer do (the issue's rule: only
 * managed and host rules may allow a destructive tool), so the list does not overstate it.
 */
function noteOf(
  ctx: ManagerContext,
  layer: PolicyLayer,
  rule: PolicyRule,
  effect: PolicyEffect,
): string | null {
  if (effect !== 'allow' || mayAllowDestructive(layer)) return null;
  return ctx.t.t(
    rule.annotations?.destructiveHint === true
      ? 'mcp.rules.note.ignored'
      : 'mcp.rules.note.no_destructive',
  );
}

/** Every condition of a rule in words, as one list in the user's locale; none: "Every call". */
function matchText(ctx: ManagerContext, rule: PolicyRule): string {
  const { t } = ctx;
  const parts: string[] = [];
  if (typeof rule.server === 'string')
    parts.push(t.t('mcp.rules.match.server', { server: ctx.hostText(rule.server) }));
  if (typeof rule.tool === 'string')
    parts.push(t.t('mcp.rules.match.tool', { tool: ctx.hostText(rule.tool) }));
  const tiers = ([] as unknown[]).concat(rule.tier ?? []).filter((x) => TIERS.includes(x as never));
  if (tiers.length > 0) {
    const words = tiers.map((tier) => t.t('mcp.rules.match.tier', { tier: tier as string }));
    parts.push(t.formatList(words, 'disjunction'));
  }
  for (const hint of HINTS) {
    const value = rule.annotations?.[hint];
    if (typeof value === 'boolean')
      parts.push(t.t('mcp.rules.match.hint', { hint, value: String(value) }));
  }
  for (const arg of Array.isArray(rule.args) ? rule.args : []) parts.push(argText(ctx, arg));
  return parts.length === 0 ? t.t('mcp.rules.match.any') : t.formatList(parts, 'unit');
}

/** One argument condition: "argument /path matches /tmp/*", "the arguments is {…}". */
function argText(ctx: ManagerContext, arg: PolicyArgMatcher): string {
  const { t } = ctx;
  const where =
    typeof arg.pointer === 'string' && arg.pointer !== ''
      ? t.t('mcp.rules.match.argument', { pointer: ctx.hostText(arg.pointer) })
      : t.t('mcp.rules.match.arguments');
  const tests: string[] = [];
  if (arg.equals !== undefined)
    tests.push(t.t('mcp.rules.match.arg', { kind: 'equals', where, value: json(ctx, arg.equals) }));
  if (typeof arg.glob === 'string')
    tests.push(t.t('mcp.rules.match.arg', { kind: 'glob', where, value: ctx.hostText(arg.glob) }));
  if (typeof arg.regex === 'string')
    tests.push(
      t.t('mcp.rules.match.arg', { kind: 'regex', where, value: ctx.hostText(arg.regex) }),
    );
  return tests.length === 0 ? where : t.formatList(tests, 'conjunction');
}

function json(ctx: ManagerContext, value: unknown): string {
  try {
    return ctx.hostText(JSON.stringify(value));
  } catch {
    return ctx.hostText(String(value));
  }
}
