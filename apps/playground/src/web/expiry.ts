import { MAX_LIFE_MS, type PermissionEngine, type RiskTier } from '@mcp-consent/engine';

const KEY = 'mcp-consent-playground:expiry';
const TIERS: readonly RiskTier[] = ['low', 'medium', 'high'];

type Expiry = Partial<Record<RiskTier, number | null>>;

/** The user's expiry setting (spec R5) as saved; anything malformed is ignored (defaults apply). */
export function readExpiry(): Expiry | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    if (typeof saved !== 'object' || saved === null) return undefined;
    const expiry: Expiry = {};
    for (const tier of TIERS) {
      const value = (saved as Record<string, unknown>)[tier];
      if (value === null || (typeof value === 'number' && value >= 0 && value <= MAX_LIFE_MS)) {
        expiry[tier] = value;
      }
    }
    return expiry;
  } catch {
    return undefined;
  }
}

/** Keeps the setting whenever it changes (the manager calls `engine.setExpiry`), so a reload keeps it. */
export function keepExpiry(engine: PermissionEngine): () => void {
  let last = JSON.stringify(engine.expiry());
  return engine.subscribe((event) => {
    if (event.type !== 'grants') return;
    const now = JSON.stringify(engine.expiry());
    if (now === last) return;
    last = now;
    try {
      localStorage.setItem(KEY, now);
    } catch {
      // A full or blocked storage only means the setting is not kept across a reload.
    }
  });
}
