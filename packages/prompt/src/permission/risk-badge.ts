import {
  effectiveHints,
  hasHints,
  type RiskReason,
  type RiskTier,
  type ToolDefinition,
} from '@mcp-consent/engine';
import type { RiskBadgeKey } from './types.js';

/**
 * Which badge label tells the truth for a tier (the one table). The tier is the engine's; the
 * label adds only what the effect lines also say: "read-only" only when the tool counts as
 * read-only, "may modify data" only when it does not, and otherwise why the tier is high.
 */
export function riskBadgeKey(
  tier: RiskTier,
  reasons: readonly RiskReason[],
  tool: ToolDefinition,
): RiskBadgeKey {
  const hints = effectiveHints(tool.annotations);
  if (tier === 'low') return hints.readOnly ? 'low' : 'low_writes';
  if (tier === 'medium') return 'medium';
  if (!hasHints(tool)) return 'high_undescribed';
  if (!hints.readOnly) return 'high';
  if (hints.openWorld) return 'high_open_world';
  return reasons.includes('definition_changed') ? 'high_changed' : 'high_plain';
}
