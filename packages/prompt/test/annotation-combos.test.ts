import {
  createManualClock,
  deriveRisk,
  isAllowAlwaysPermitted,
  type RiskTier,
  type ServerRef,
  type ToolAnnotations,
} from '@mcp-consent/engine';
import { createPermissionPrompt, riskColorRole } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { catalog, promptRequest, server, trustedServer } from './support.js';

/**
 * Every combination of the four MCP annotation hints (true, false, absent), on an untrusted
 * and a trusted server: effect lines, risk tier, default focus and Allow always.
 */
const hintValues = [true, false, undefined] as const;
const combos = hintValues.flatMap((readOnlyHint) =>
  hintValues.flatMap((destructiveHint) =>
    hintValues.flatMap((idempotentHint) =>
      hintValues.map((openWorldHint) => ({
        readOnlyHint,
        destructiveHint,
        idempotentHint,
        openWorldHint,
      })),
    ),
  ),
);
const cases = [server, trustedServer].flatMap((target) =>
  combos.map((hints) => [target.trusted ? 'trusted' : 'untrusted', hints, target] as const),
);

const en = catalog('en-US');
const annotationsOf = (hints: (typeof combos)[number]): ToolAnnotations =>
  Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined));

/** The engine README's decision table, with the MCP defaults (written out, not imported). */
function expectedTier(hints: (typeof combos)[number], target: ServerRef): RiskTier {
  const declared = Object.values(hints).some((v) => v !== undefined);
  const readOnly = hints.readOnlyHint ?? false;
  const destructive = !readOnly && (hints.destructiveHint ?? true);
  const openWorld = hints.openWorldHint ?? true;
  if (!declared || destructive || openWorld) return 'high';
  if (readOnly) return target.trusted ? 'low' : 'medium';
  return 'medium';
}

/** The badge that tells the truth for a tier (written out, not imported). */
function expectedBadge(hints: (typeof combos)[number], tier: RiskTier): string {
  const declared = Object.values(hints).some((v) => v !== undefined);
  const readOnly = hints.readOnlyHint ?? false;
  if (tier === 'low') return readOnly ? 'low' : 'low_writes';
  if (tier === 'medium') return 'medium';
  if (!declared) return 'high_undescribed';
  if (!readOnly) return 'high';
  return (hints.openWorldHint ?? true) ? 'high_open_world' : 'high_plain';
}

describe.each(cases)('annotation combination on a %s server', (_trust, hints, target) => {
  const tool = { name: 't', annotations: annotationsOf(hints) };
  const clock = createManualClock();
  const api = createPermissionPrompt(promptRequest(tool, { server: target }), {
    clock,
    guardMs: 500,
  }).connect();
  const readOnly = hints.readOnlyHint ?? false;
  const destructive = !readOnly && (hints.destructiveHint ?? true);

  it(`${JSON.stringify(hints)}: one effect line per hint, MCP defaults for absent hints`, () => {
    const lines = api.effects.lines;
    const byEffect = new Map(lines.map((l) => [l.effect, l]));
    expect(byEffect.get(readOnly ? 'read_only' : 'writes')?.source).toBe(
      hints.readOnlyHint === undefined ? 'assumed' : 'declared',
    );
    const openWorld = hints.openWorldHint ?? true;
    expect(byEffect.get(openWorld ? 'open_world' : 'closed_world')?.source).toBe(
      hints.openWorldHint === undefined ? 'assumed' : 'declared',
    );
    if (readOnly) {
      expect(lines).toHaveLength(2);
    } else {
      expect(lines).toHaveLength(4);
      expect(byEffect.has(destructive ? 'destructive' : 'additive')).toBe(true);
      expect(byEffect.has((hints.idempotentHint ?? false) ? 'idempotent' : 'not_idempotent')).toBe(
        true,
      );
    }
    expect(
      lines
        .filter((l) => l.tone === 'caution')
        .map((l) => l.effect)
        .sort(),
    ).toEqual(
      lines
        .map((l) => l.effect)
        .filter((e) => ['writes', 'destructive', 'not_idempotent', 'open_world'].includes(e))
        .sort(),
    );
  });

  it(`${JSON.stringify(hints)}: the risk badge shows the engine's tier`, () => {
    const tier = deriveRisk(tool, target).tier;
    expect(tier).toBe(expectedTier(hints, target));
    expect(api.risk.tier).toBe(tier);
    expect(api.risk.colorRole).toBe(riskColorRole[tier]);
    expect(api.risk.badge).toBe(expectedBadge(hints, tier));
    expect(api.risk.label).toBe(en[`mcp.permission.risk.${expectedBadge(hints, tier)}`]);
    expect(api.props['risk-badge']).toMatchObject({ 'data-tier': tier });
  });

  it(`${JSON.stringify(hints)}: Deny once is focused exactly when the tool is destructive`, () => {
    expect(api.defaultFocus).toBe(destructive ? 'deny_once' : 'allow_once');
    expect(api.focused).toBe(api.defaultFocus);
    expect(api.actions.filter((a) => a.isDefault).map((a) => a.choice)).toEqual([api.defaultFocus]);
    expect(api.escapeAction).toBe('deny_once');
  });

  it(`${JSON.stringify(hints)}: Allow always follows the engine's rule, with a reason only when disabled`, () => {
    const permitted = isAllowAlwaysPermitted(tool);
    expect(permitted).toBe(!destructive);
    const allowAlways = api.actions.find((a) => a.choice === 'allow_always')!;
    expect(allowAlways.enabled).toBe(permitted);
    if (permitted) {
      expect(allowAlways.disabledReason).toBeNull();
      expect(api.getActionProps('allow_always')['aria-disabled']).toBeUndefined();
    } else {
      expect(allowAlways.disabledReason).toBe(
        en['mcp.permission.allow_always.disabled_destructive'],
      );
      expect(api.getActionProps('allow_always')['aria-disabled']).toBe('true');
    }
    for (const action of api.actions.filter((a) => a.choice !== 'allow_always')) {
      expect(action).toMatchObject({ enabled: true, disabledReason: null });
    }
  });
});
