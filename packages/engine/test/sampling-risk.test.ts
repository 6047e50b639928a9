import { describe, expect, it } from 'vitest';
import {
  assessSampling,
  DEFAULT_LARGE_MAX_TOKENS,
  type RiskTier,
  type SamplingRiskParams,
} from '@mcp-consent/engine';

const trusted = { id: 's', trusted: true };
const untrusted = { id: 's' };

describe('assessSampling', () => {
  it.each<[string, SamplingRiskParams, boolean, RiskTier, string[]]>([
    ['plain, trusted', { maxTokens: 100 }, true, 'low', ['trusted_server']],
    ['plain, untrusted', { maxTokens: 100 }, false, 'medium', ['untrusted_server']],
    [
      'this server context, trusted',
      { maxTokens: 100, includeContext: 'thisServer' },
      true,
      'medium',
      ['trusted_server', 'context_this_server'],
    ],
    [
      'this server context, untrusted',
      { maxTokens: 100, includeContext: 'thisServer' },
      false,
      'high',
      ['untrusted_server', 'context_this_server'],
    ],
    [
      'all servers, trusted',
      { maxTokens: 100, includeContext: 'allServers' },
      true,
      'high',
      ['trusted_server', 'context_all_servers'],
    ],
    [
      'tools, trusted',
      { maxTokens: 100, tools: [{ name: 'x', inputSchema: { type: 'object' } }] },
      true,
      'high',
      ['trusted_server', 'tools_requested'],
    ],
    [
      'large, trusted',
      { maxTokens: DEFAULT_LARGE_MAX_TOKENS + 1 },
      true,
      'medium',
      ['trusted_server', 'large_max_tokens'],
    ],
    [
      'at the threshold is not large',
      { maxTokens: DEFAULT_LARGE_MAX_TOKENS },
      true,
      'low',
      ['trusted_server'],
    ],
    [
      'large, untrusted',
      { maxTokens: 100_000 },
      false,
      'high',
      ['untrusted_server', 'large_max_tokens'],
    ],
  ])('%s', (_name, params, isTrusted, tier, reasons) => {
    expect(assessSampling(params, isTrusted ? trusted : untrusted)).toEqual({ tier, reasons });
  });

  it('reads values the spec does not know as the riskiest', () => {
    expect(assessSampling({ maxTokens: 10, includeContext: 'everything' }, trusted).tier).toBe(
      'high',
    );
    for (const maxTokens of [undefined, -1, 0, Number.NaN, '10'])
      expect(assessSampling({ maxTokens }, trusted).reasons).toContain('large_max_tokens');
    expect(assessSampling({ maxTokens: 10, toolChoice: { mode: 'auto' } }, trusted).tier).toBe(
      'high',
    );
  });

  it('an empty tools list and includeContext none ask for nothing more', () => {
    expect(assessSampling({ maxTokens: 10, tools: [], includeContext: 'none' }, trusted).tier).toBe(
      'low',
    );
  });

  it('takes the host threshold', () => {
    expect(assessSampling({ maxTokens: 600 }, trusted, { largeMaxTokens: 500 }).tier).toBe(
      'medium',
    );
  });
});
