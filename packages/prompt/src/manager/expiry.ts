import { DAY_MS, type RiskTier } from '@mcp-consent/engine';
import { attrs } from './anatomy.js';
import type { ExpiryOption, ExpirySetting, ManagerApi, ManagerContext } from './types.js';

const TIERS: readonly RiskTier[] = ['low', 'medium', 'high'];
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The lifetimes offered, in ms; `null` never expires; `0` turns Allow always off (spec R5). */
export const EXPIRY_CHOICES: readonly (number | null)[] = [
  DAY_MS,
  7 * DAY_MS,
  30 * DAY_MS,
  90 * DAY_MS,
  null,
  0,
];

/** An option's value: the lifetime in ms, `never` or `off`. */
export const expiryValue = (life: number | null): string =>
  life === null ? 'never' : life === 0 ? 'off' : String(life);

/** A lifetime in words: "7 days", "12 hours", "Never expires", "Off: no Allow always". */
export function expiryLabel(ctx: ManagerContext, life: number | null): string {
  const { t } = ctx;
  if (life === null) return t.t('mcp.expiry.setting.never');
  if (life === 0) return t.t('mcp.expiry.setting.off');
  if (life % DAY_MS === 0) return t.t('mcp.expiry.setting.days', { count: life / DAY_MS });
  if (life % HOUR_MS === 0) return t.t('mcp.expiry.setting.hours', { count: life / HOUR_MS });
  return t.t('mcp.expiry.setting.minutes', { count: Math.max(1, Math.round(life / MINUTE_MS)) });
}

/**
 * The choices for one tier: the usual lifetimes, plus the one in force when the host set
 * another (so the control never shows a value that is not the engine's).
 */
export function expiryOptions(current: number | null): (number | null)[] {
  const choices = [...EXPIRY_CHOICES];
  if (!choices.includes(current)) {
    const at = choices.findIndex((c) => c === null || c === 0 || (current !== null && c > current));
    choices.splice(at, 0, current);
  }
  return choices;
}

/** The setting per tier, or null when the engine cannot read and change it. */
export function expiryView(ctx: ManagerContext): ManagerApi['expiry'] {
  const { t, engine, prefix } = ctx;
  if (typeof engine.expiry !== 'function' || typeof engine.setExpiry !== 'function') return null;
  const life: ExpirySetting = engine.expiry();
  return {
    title: t.t('mcp.expiry.setting.title'),
    description: t.t('mcp.expiry.setting.description'),
    tiers: TIERS.map((tier) => {
      const id = `${prefix}-expiry-${tier}`;
      const options: ExpiryOption[] = expiryOptions(life[tier]).map((choice) => ({
        value: expiryValue(choice),
        label: expiryLabel(ctx, choice),
      }));
      return {
        tier,
        label: t.t('mcp.expiry.setting.tier', { tier }),
        value: expiryValue(life[tier]),
        options,
        props: {
          label: { ...attrs('expiry-label'), for: id },
          select: {
            ...attrs('expiry-select'),
            id,
            'data-tier': tier,
            'aria-describedby': `${prefix}-expiry-description`,
          },
        },
      };
    }),
  };
}

/** The lifetime an option's value stands for; undefined for a value that is not offered. */
export function parseExpiry(
  ctx: ManagerContext,
  tier: RiskTier,
  value: string,
): number | null | undefined {
  const current = ctx.engine.expiry?.()[tier] ?? null;
  return expiryOptions(current).find((choice) => expiryValue(choice) === value);
}
