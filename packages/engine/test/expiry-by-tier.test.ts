import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  isAllowAlwaysPermitted,
  type RiskTier,
  type ToolDefinition,
} from '@mcp-consent/engine';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

/** Read-only but open world: high risk, yet not destructive, so Allow always is offered. */
const webFetch = {
  name: 'web_fetch',
  description: 'Fetch a public web page',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
  annotations: { readOnlyHint: true },
} satisfies ToolDefinition;

const iso = (ms: number) => new Date(ms).toISOString();

type Engine = Awaited<ReturnType<typeof setup>>;

/**
 * Grants allow always at the current time, then checks the grant is live one
 * millisecond before `lifeMs` and asks again, as a renewal, exactly at `lifeMs`.
 */
async function expectLifetime(
  { engine, clock, events }: Engine,
  tool: ToolDefinition,
  tier: RiskTier,
  lifeMs: number,
) {
  const user = scriptedUser('allow_always', 'allow_once');
  const grantedAt = clock.now();
  await engine.request(callOf(tool), user);
  const [grant] = engine.grants({ toolName: tool.name });
  expect(grant).toMatchObject({
    riskTier: tier,
    grantedAt: iso(grantedAt),
    expiresAt: iso(grantedAt + lifeMs),
  });

  clock.set(grantedAt + lifeMs - 1);
  expect(engine.lookup(callOf(tool))).toMatchObject({ status: 'allow', reason: 'grant_allow' });
  expect((await engine.request(callOf(tool), user)).origin).toBe('cache_hit');

  clock.set(grantedAt + lifeMs);
  expect(engine.lookup(callOf(tool))).toMatchObject({ status: 'prompt', reason: 'expired' });
  const renewed = await engine.request(callOf(tool), user);
  expect(user.shown).toHaveLength(2);
  expect(user.shown[1]!.lookup.reason).toBe('expired');
  expect(renewed).toMatchObject({ allowed: true, origin: 'auto_revoke_renewal' });
  expect(events().at(-1)).toMatchObject({
    tool_name: tool.name,
    decision: 'ALLOW_ONCE',
    origin: 'auto_revoke_renewal',
    timestamp: iso(grantedAt + lifeMs),
  });
}

describe('allow-always expiry by risk tier', () => {
  it('the high-tier example tool still offers Allow always', () => {
    expect(isAllowAlwaysPermitted(webFetch)).toBe(true);
  });

  it.each([
    ['low', 90, tools.notesList],
    ['medium', 30, tools.notesPut],
    ['high', 7, webFetch],
  ] as const)('a %s-risk grant lasts exactly its default of %i days', async (tier, days, tool) => {
    await expectLifetime(await setup(), tool, tier, days * DAY_MS);
  });

  it('a host override of one tier is honoured to the millisecond; the other tiers keep their defaults', async () => {
    const engine = await setup({ expiry: { low: DAY_MS } });
    await expectLifetime(engine, tools.notesList, 'low', DAY_MS);
    await expectLifetime(engine, tools.notesPut, 'medium', 30 * DAY_MS);
  });

  it('a host override applies to the high tier too', async () => {
    const engine = await setup({ expiry: { high: 2 * 60 * 60 * 1000 } });
    await expectLifetime(engine, webFetch, 'high', 2 * 60 * 60 * 1000);
  });
});
