import {
  createManualClock,
  standaloneRequest,
  type LookupResult,
  type ServerRef,
  type ToolAnnotations,
} from '@mcp-consent/engine';
import { createTranslator, supportedLocales } from '@mcp-consent/i18n';
import {
  createPermissionPrompt,
  type EffectKey,
  type EffectLine,
  type RiskBadgeKey,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { server, trustedServer } from './support.js';

/**
 * Issue 16: the badge never claims an effect an effect line contradicts ("High risk · may
 * modify data" above "Only read data" for web_fetch). Generated over every combination of
 * the four hints (true, false, absent), trusted and untrusted servers, a first call and an
 * unreviewed changed definition, in every locale, on the engine's own request.
 */
type Claim = 'reads_only' | 'modifies' | 'reaches_outside' | 'undescribed' | 'changed';

/** What each badge asserts besides its tier (as data). */
const BADGE_CLAIMS: Readonly<Record<RiskBadgeKey, readonly Claim[]>> = {
  low: ['reads_only'],
  low_writes: [],
  medium: [],
  high: ['modifies'],
  high_open_world: ['reaches_outside'],
  high_undescribed: ['undescribed'],
  high_changed: ['changed'],
  high_plain: [],
};

/** Which badge claims an effect line contradicts. */
const LINE_CONTRADICTS: Readonly<Record<EffectKey, readonly Claim[]>> = {
  title: [],
  read_only: ['modifies'],
  writes: ['reads_only'],
  destructive: ['reads_only'],
  additive: ['reads_only'],
  idempotent: ['reads_only'],
  not_idempotent: ['reads_only'],
  open_world: [],
  closed_world: ['reaches_outside'],
};

/** A line the server declared also contradicts "not described by the server". */
const contradicted = (line: EffectLine): Claim[] => [
  ...LINE_CONTRADICTS[line.effect],
  ...(line.source === 'declared' ? (['undescribed'] as const) : []),
];

const badgeKeys = Object.keys(BADGE_CLAIMS) as RiskBadgeKey[];
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
const annotationsOf = (hints: (typeof combos)[number]): ToolAnnotations =>
  Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined));

const lookups: Record<string, LookupResult> = {
  'first call': { status: 'prompt', reason: 'no_grant' },
  'changed definition': {
    status: 'prompt',
    reason: 'definition_changed',
    changed: ['description'],
  },
};

function sheet(
  hints: (typeof combos)[number],
  target: ServerRef,
  lookup: LookupResult,
  locale: string,
) {
  const tool = { name: 'web_fetch', annotations: annotationsOf(hints) };
  const request = standaloneRequest(
    { userId: 'u', workspaceId: 'w', server: target, tool, args: { url: 'https://example.com' } },
    { lookup },
  );
  return createPermissionPrompt(request, { clock: createManualClock(), locale }).connect();
}

describe.each(supportedLocales)('risk copy tells the truth in %s', (locale) => {
  const t = createTranslator(locale);
  const label = (key: RiskBadgeKey) => t.t(`mcp.permission.risk.${key}`);

  it.each(Object.entries(lookups))(
    '%s: no badge claims what an effect line contradicts',
    (_name, lookup) => {
      let checked = 0;
      for (const target of [server, trustedServer]) {
        for (const hints of combos) {
          const api = sheet(hints, target, lookup, locale);
          const what = `${JSON.stringify(hints)} ${target.trusted ? 'trusted' : 'untrusted'}`;
          const against = new Set(api.effects.lines.flatMap(contradicted));
          // By key: the badge's claims and the lines' contradictions never meet.
          expect(
            BADGE_CLAIMS[api.risk.badge].filter((c) => against.has(c)),
            what,
          ).toEqual([]);
          // By rendered text: the label shown is the badge's, and no contradicted label is shown.
          const shown = [api.risk.label, api.header.risk.label, api.announcement];
          expect(api.risk.label, what).toBe(label(api.risk.badge));
          for (const key of badgeKeys) {
            if (!BADGE_CLAIMS[key].some((c) => against.has(c))) continue;
            for (const text of shown) expect(text, `${what}: ${key}`).not.toContain(label(key));
          }
          checked++;
        }
      }
      expect(checked).toBe(162);
    },
  );

  it('keeps the R9 labels where they are true', () => {
    const readOnlyTrusted = sheet(
      {
        readOnlyHint: true,
        destructiveHint: undefined,
        idempotentHint: undefined,
        openWorldHint: false,
      },
      trustedServer,
      lookups['first call']!,
      locale,
    );
    expect(readOnlyTrusted.risk.label).toBe(label('low'));
    const destructive = sheet(
      {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: undefined,
        openWorldHint: false,
      },
      server,
      lookups['first call']!,
      locale,
    );
    expect(destructive.risk.label).toBe(label('high'));
  });

  it('says why a read-only open-world tool is high risk (web_fetch)', () => {
    const webFetch = sheet(
      {
        readOnlyHint: true,
        destructiveHint: undefined,
        idempotentHint: undefined,
        openWorldHint: true,
      },
      server,
      lookups['first call']!,
      locale,
    );
    expect(webFetch.risk).toMatchObject({ tier: 'high', badge: 'high_open_world' });
    expect(webFetch.risk.label).not.toBe(label('high'));
    expect(webFetch.effects.lines.map((l) => l.text)).toContain(
      t.t('mcp.permission.effect.read_only'),
    );
  });

  it('every label is translated (no raw key) and each badge key has its own text', () => {
    const texts = badgeKeys.map(label);
    for (const text of texts) expect(text).not.toMatch(/^mcp\./);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
