import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveRisk,
  isAllowAlwaysPermitted,
  type RiskTier,
  type ToolAnnotations,
} from '@mcp-consent/engine';

const trusted = { id: 's', trusted: true };
const untrusted = { id: 's' };
const tool = (annotations?: ToolAnnotations, _meta?: Record<string, unknown>) => ({
  name: 't',
  ...(annotations ? { annotations } : {}),
  ...(_meta ? { _meta } : {}),
});

describe('deriveRisk decision table (README)', () => {
  it.each<[string, ToolAnnotations | undefined, boolean, RiskTier, string[]]>([
    ['no annotations', undefined, true, 'high', ['no_annotations']],
    ['title only', { title: 'Search' }, true, 'high', ['no_annotations']],
    [
      'read-only, closed world, trusted',
      { readOnlyHint: true, openWorldHint: false },
      true,
      'low',
      ['read_only', 'trusted_server'],
    ],
    [
      'read-only, closed world, untrusted',
      { readOnlyHint: true, openWorldHint: false },
      false,
      'medium',
      ['read_only', 'untrusted_server'],
    ],
    ['read-only, open world by default', { readOnlyHint: true }, true, 'high', ['open_world']],
    [
      'read-only, explicit open world',
      { readOnlyHint: true, openWorldHint: true },
      true,
      'high',
      ['open_world'],
    ],
    [
      'destructive by default',
      { readOnlyHint: false, openWorldHint: false },
      true,
      'high',
      ['destructive'],
    ],
    [
      'destructive and open world',
      { destructiveHint: true },
      true,
      'high',
      ['destructive', 'open_world'],
    ],
    [
      'idempotent closed write',
      { destructiveHint: false, idempotentHint: true, openWorldHint: false },
      false,
      'medium',
      ['idempotent_write'],
    ],
    [
      'additive closed write',
      { destructiveHint: false, openWorldHint: false },
      true,
      'medium',
      ['non_idempotent_write'],
    ],
    [
      'read-only ignores destructive',
      { readOnlyHint: true, destructiveHint: true, openWorldHint: false },
      true,
      'low',
      ['read_only', 'trusted_server'],
    ],
    [
      'non-boolean hints are absent',
      { readOnlyHint: 'yes' as unknown as boolean },
      true,
      'high',
      ['no_annotations'],
    ],
  ])('%s', (_label, annotations, isTrusted, tier, reasons) => {
    const risk = deriveRisk(tool(annotations), isTrusted ? trusted : untrusted);
    expect(risk.tier).toBe(tier);
    expect(risk.reasons).toEqual(reasons);
  });

  it('a server may raise its own tier through _meta.koder.risk', () => {
    const risk = deriveRisk(
      tool({ readOnlyHint: true, openWorldHint: false }, { koder: { risk: 'high' } }),
      untrusted,
    );
    expect(risk).toEqual({
      tier: 'high',
      reasons: ['read_only', 'untrusted_server', 'server_raised'],
      source: 'server_meta',
    });
  });

  it('an untrusted server cannot lower its tier; a trusted one can', () => {
    const destructive = tool(
      { destructiveHint: true, openWorldHint: false },
      { koder: { risk: 'low' } },
    );
    expect(deriveRisk(destructive, untrusted)).toMatchObject({
      tier: 'high',
      source: 'annotations',
    });
    expect(deriveRisk(destructive, untrusted).reasons).toContain('server_lower_ignored');
    expect(deriveRisk(destructive, trusted)).toMatchObject({ tier: 'low', source: 'server_meta' });
  });

  it('the _meta key is configurable and junk values are ignored', () => {
    const meta = { 'acme.dev/risk': 'high', koder: { risk: 'catastrophic' } };
    const t = tool({ readOnlyHint: true, openWorldHint: false }, meta);
    expect(deriveRisk(t, trusted).tier).toBe('low');
    expect(deriveRisk(t, trusted, { serverRiskPath: ['acme.dev/risk'] }).tier).toBe('high');
  });

  it('Allow always is permitted only when the tool is not destructive under the MCP defaults', () => {
    expect(isAllowAlwaysPermitted(tool())).toBe(false);
    expect(isAllowAlwaysPermitted(tool({ destructiveHint: true }))).toBe(false);
    expect(isAllowAlwaysPermitted(tool({ readOnlyHint: false }))).toBe(false);
    expect(isAllowAlwaysPermitted(tool({ readOnlyHint: true }))).toBe(true);
    expect(isAllowAlwaysPermitted(tool({ destructiveHint: false }))).toBe(true);
  });
});

const maybeBool = fc.option(fc.boolean(), { nil: undefined });
const annotationsArb = fc.option(
  fc.record(
    {
      readOnlyHint: maybeBool,
      destructiveHint: maybeBool,
      idempotentHint: maybeBool,
      openWorldHint: maybeBool,
      title: fc.option(fc.string(), { nil: undefined }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const metaArb = fc.option(
  fc.oneof(
    fc.record({
      koder: fc.record({ risk: fc.constantFrom('low', 'medium', 'high', 'none', 3, null) }),
    }),
    fc.dictionary(fc.string(), fc.anything()),
  ),
  { nil: undefined },
);
const RANK: Record<RiskTier, number> = { low: 0, medium: 1, high: 2 };

/** The README table, written independently of the implementation. */
function tableTier(a: ToolAnnotations | undefined, isTrusted: boolean): RiskTier {
  const ro = a?.readOnlyHint,
    de = a?.destructiveHint,
    id = a?.idempotentHint,
    ow = a?.openWorldHint;
  if ([ro, de, id, ow].every((h) => h === undefined)) return 'high';
  const readOnly = ro === true;
  if (!readOnly && de !== false) return 'high';
  if (ow !== false) return 'high';
  if (readOnly) return isTrusted ? 'low' : 'medium';
  return 'medium';
}

describe('deriveRisk properties', () => {
  it('for any annotations, trust and _meta the tier follows the table, raised by the server only upwards unless trusted', () => {
    fc.assert(
      fc.property(annotationsArb, fc.boolean(), metaArb, (annotations, isTrusted, meta) => {
        const t = tool(
          annotations as ToolAnnotations | undefined,
          meta as Record<string, unknown> | undefined,
        );
        const risk = deriveRisk(t, isTrusted ? trusted : untrusted);
        const base = tableTier(annotations as ToolAnnotations | undefined, isTrusted);
        const declared = (meta as { koder?: { risk?: unknown } } | undefined)?.koder?.risk;
        const valid = declared === 'low' || declared === 'medium' || declared === 'high';
        let expected = base;
        if (valid && (RANK[declared] > RANK[base] || isTrusted)) expected = declared;
        expect(risk.tier).toBe(expected);
        expect(risk.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('an untrusted server never gets a tier below what its annotations imply', () => {
    fc.assert(
      fc.property(annotationsArb, metaArb, (annotations, meta) => {
        const t = tool(
          annotations as ToolAnnotations | undefined,
          meta as Record<string, unknown> | undefined,
        );
        const withMeta = deriveRisk(t, untrusted).tier;
        const without = deriveRisk(
          tool(annotations as ToolAnnotations | undefined),
          untrusted,
        ).tier;
        expect(RANK[withMeta]).toBeGreaterThanOrEqual(RANK[without]);
        // Trust only ever lowers: the same tool from an untrusted server is never rated lower.
        expect(RANK[withMeta]).toBeGreaterThanOrEqual(RANK[deriveRisk(t, trusted).tier]);
      }),
      { numRuns: 2000 },
    );
  });
});
