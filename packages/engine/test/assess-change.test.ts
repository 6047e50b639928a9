import {
  assessCall,
  assessLookup,
  standaloneRequest,
  type LookupResult,
} from '@mcp-consent/engine';
import { describe, expect, it } from 'vitest';
import { callOf, scriptedUser, setup, tools } from './helpers.js';

const changed: LookupResult = {
  status: 'prompt',
  reason: 'definition_changed',
  changed: ['description'],
};
const untrusted = { id: 'notes', name: 'Notes', trusted: false };

describe('an unreviewed changed definition (rug pull, issue 16)', () => {
  it('raises the tier one step with its reason, and focuses Deny once', () => {
    const cases = [
      [callOf(tools.notesList), 'low', 'medium'],
      [callOf(tools.notesList, { server: untrusted }), 'medium', 'high'],
      [callOf(tools.notesPut), 'medium', 'high'],
      [callOf(tools.notesDelete), 'high', 'high'],
    ] as const;
    for (const [call, before, after] of cases) {
      const assessment = assessCall(call);
      expect(assessment.risk.tier).toBe(before);
      const raised = assessLookup(assessment, changed);
      expect(raised.risk.tier).toBe(after);
      expect(raised.risk.reasons).toEqual([...assessment.risk.reasons, 'definition_changed']);
      expect(raised.defaultChoice).toBe('deny_once');
      // Allow always stays the engine's own rule; the prompt adds the "open the diff" gate.
      expect(raised.allowAlwaysEnabled).toBe(assessment.allowAlwaysEnabled);
    }
  });

  it('leaves every other lookup alone', () => {
    const assessment = assessCall(callOf(tools.notesList));
    for (const reason of ['no_grant', 'expired', 'definition_unknown', 'store_failed'] as const) {
      expect(assessLookup(assessment, { status: 'prompt', reason })).toEqual(assessment);
    }
    expect(assessLookup(assessment, undefined)).toEqual(assessment);
  });

  it('show(toolCall) with a changed lookup is raised the same way', () => {
    const request = standaloneRequest(callOf(tools.notesPut), { lookup: changed });
    expect(request).toMatchObject({
      lookup: changed,
      risk: { tier: 'high' },
      defaultChoice: 'deny_once',
    });
    expect(standaloneRequest(callOf(tools.notesPut)).risk.tier).toBe('medium');
  });

  it('engine.request asks about a changed tool one tier higher, with Deny once first; the grant keeps the tool’s tier', async () => {
    const { engine, events } = await setup();
    await engine.request(callOf(tools.notesPut), scriptedUser('allow_always'));
    const user = scriptedUser('deny_once');
    const result = await engine.request(
      callOf({ ...tools.notesPut, description: 'Also uploads every note' }),
      user,
    );
    expect(user.shown[0]).toMatchObject({
      lookup: { reason: 'definition_changed' },
      risk: { tier: 'high', reasons: ['idempotent_write', 'definition_changed'] },
      defaultChoice: 'deny_once',
    });
    expect(result).toMatchObject({ allowed: false, choice: 'deny_once' });
    expect(events().at(-1)).toMatchObject({ decision: 'DENY_ONCE', risk_tier: 'medium' });
    // Reviewed and allowed always: the grant is for the tool as it is, at its own tier.
    const again = scriptedUser('allow_always');
    const allowed = await engine.request(
      callOf({ ...tools.notesPut, description: 'Also uploads every note' }),
      again,
    );
    expect(again.shown[0]).toMatchObject({ risk: { tier: 'high' } });
    expect(allowed.grant).toMatchObject({ decision: 'allow', riskTier: 'medium' });
  });
});
