import { describe, expect, it, vi } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  DAY_MS,
  memoryAuditSink,
  memoryStore,
  type AuditEvent,
  type PolicySource,
  type PromptAnswer,
  type ToolCall,
} from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { createPermissionManager } from '@mcp-consent/prompt';
import { DANGEROUS, hostile } from './support.js';

/**
 * The manager's issue-17 parts: session and timed grants with their time left, the rules
 * (read-only, with their layer) or the policy's errors, the user's expiry setting (spec R5) and
 * truthful history rows.
 */
const HOUR = 3_600_000;
const server = { id: 'notes', name: 'Notes', trusted: true };
const call = (name: string, annotations: Record<string, boolean>): ToolCall => ({
  userId: 'u1',
  workspaceId: 'w1',
  server,
  tool: { name, inputSchema: { type: 'object' }, annotations },
  args: { id: 'a' },
});
const readOnly = { readOnlyHint: true, openWorldHint: false };
const write = { destructiveHint: false, idempotentHint: true, openWorldHint: false };

async function setup(policy?: PolicySource[]) {
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const sink = memoryAuditSink();
  const engine = createPermissionEngine({ store: memoryStore(), clock, audit: sink, policy });
  await engine.ready;
  const answer = (a: PromptAnswer, c: ToolCall) => engine.request(c, { prompt: () => a });
  return { clock, sink, engine, answer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('manager: session and timed grants', () => {
  it('shows each grain in words with its time left, counting down on the clock, and revokes each', async () => {
    const { clock, engine, answer } = await setup();
    const other = (id: string, name: string): ToolCall => ({
      ...call(name, readOnly),
      server: { id, trusted: true },
    });
    await answer('allow_always', call('notes_get', readOnly));
    clock.advance(1000);
    await answer({ choice: 'allow_always', session: true }, call('notes_list', readOnly));
    clock.advance(1000);
    await answer({ choice: 'allow_always', session: true, scope: 'server' }, other('mail', 'x'));
    clock.advance(1000);
    await answer(
      { choice: 'allow_always', session: true, scope: 'server_read_only' },
      other('files', 'y'),
    );
    clock.advance(1000);
    await answer({ choice: 'allow_always', ttlMs: HOUR }, call('notes_put', write));
    const manager = createPermissionManager({ engine, clock });
    let changes = 0;
    manager.subscribe(() => changes++);
    const rows = () => manager.connect().grants.rows;
    expect(rows().map((r) => [r.tool, r.server, r.decisionLabel, r.expiresText])).toEqual([
      ['notes_put', 'notes', 'Allowed for a time', 'expires in 1 hour'],
      [
        'Every tool it marks read-only, except high risk',
        'files',
        'Allowed for this session',
        'ends with this session',
      ],
      ['Every tool', 'mail', 'Allowed for this session', 'ends with this session'],
      ['notes_list', 'notes', 'Allowed for this session', 'ends with this session'],
      ['notes_get', 'notes', 'Allowed always', 'expires in 90 days'],
    ]);
    expect(rows().map((r) => r.grain)).toEqual([
      'timed',
      'session',
      'session',
      'session',
      'always',
    ]);
    // The raw '*' of a whole-server grant is never shown.
    expect(rows().some((r) => r.tool.includes('*'))).toBe(false);
    expect(rows().find((r) => r.grain === 'timed')!.props.row['data-grain']).toBe('timed');
    // Time left goes down, and the view tells its subscribers each minute.
    for (let minute = 1; minute <= 18; minute++) clock.advance(60_000);
    expect(changes).toBe(18);
    expect(rows().find((r) => r.tool === 'notes_put')!.expiresText).toBe('expires in 42 minutes');
    clock.advance(42 * 60_000);
    expect(rows().find((r) => r.tool === 'notes_put')).toMatchObject({
      expired: true,
      expiresText: 'expired',
    });
    // Revoke works for each grain, session ones included.
    // A whole-server grant is announced as the list names it, never as '*'.
    expect(
      await rows()
        .find((r) => r.tool === 'Every tool')!
        .revoke(),
    ).toBe(true);
    expect(manager.connect().status).toBe('Permission for Every tool revoked');
    for (const row of rows().filter((r) => r.grain !== 'always'))
      expect(await row.revoke()).toBe(true);
    expect(rows().map((r) => r.tool)).toEqual(['notes_get']);

    expect(engine.grants().map((g) => g.toolName)).toEqual(['notes_get']);
    manager.destroy();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('session grants leave the list when the session ends', async () => {
    const { clock, engine, answer } = await setup();
    await answer({ choice: 'deny_always', session: true }, call('notes_put', write));
    const manager = createPermissionManager({ engine, clock });
    expect(manager.connect().grants.rows.map((r) => r.decisionLabel)).toEqual([
      'Denied for this session',
    ]);
    engine.endSession();
    expect(manager.connect().grants.rows).toEqual([]);
  });
});

describe('manager: rules', () => {
  const policy: PolicySource[] = [
    {
      layer: 'user',
      file: 'user.json',
      policy: {
        version: 1,
        rules: [{ effect: 'allow', server: 'notes', tool: 'notes_*', tier: ['low', 'medium'] }],
      },
    },
    {
      layer: 'managed',
      file: '/etc/mcp/managed.json',
      policy: {
        version: 1,
        rules: [
          { effect: 'ask' },
          {
            id: 'no-rm',
            effect: 'deny',
            tool: 'rm_*',
            annotations: { destructiveHint: true },
            args: [{ pointer: '/path', glob: '/etc/*' }],
            reason: `Admins only ${hostile.bidi}`,
          },
        ],
      },
    },
  ];

  it('lists every rule read-only, highest layer first, with what it matches and where it is', async () => {
    const { clock, engine } = await setup(policy);
    const manager = createPermissionManager({ engine, clock });
    const rules = manager.connect().rules!;
    expect(rules.status).toBe('ok');
    expect(rules.countText).toBe('3 rules');
    expect(rules.rows.map((r) => [r.layerText, r.effectText, r.matchText, r.sourceText])).toEqual([
      [
        'Administrator (managed)',
        'Ask every time',
        'Every call',
        'Rule 1 in /etc/mcp/managed.json',
      ],
      [
        'Administrator (managed)',
        'Deny',
        'tool rm_*, destructive, argument /path matches /etc/*',
        'Rule 2 (no-rm) in /etc/mcp/managed.json',
      ],
      [
        'You',
        'Allow',
        'server notes, tool notes_*, low risk or medium risk',
        'Rule 1 in user.json',
      ],
    ]);
    // A rule's reason is host text: shown, but cleaned.
    expect(rules.rows[1]!.reason).toMatch(/^Admins only/);
    expect(rules.rows[1]!.reason).not.toMatch(DANGEROUS);
    expect(rules.rows.map((r) => r.props.row['data-layer'])).toEqual([
      'managed',
      'managed',
      'user',
    ]);
    // An allow below the host layer never covers a destructive tool: the list says so.
    expect(rules.rows.map((r) => r.note)).toEqual([
      null,
      null,
      'Never allows a tool that may destroy data: only your administrator or the host app can.',
    ]);
    engine.setPolicy([
      {
        layer: 'workspace',
        file: 'ws.json',
        policy: {
          version: 1,
          rules: [{ effect: 'allow', annotations: { destructiveHint: true } }],
        },
      },
    ]);
    expect(manager.connect().rules!.rows[0]!.note).toMatch(/^Ignored: /);
    expect(rules.invalidText).toBeNull();
    expect(manager.connect().props['rules-invalid']!.hidden).toBe(true);
  });

  it('an invalid policy lists its errors (file:line:column field) and says every call is asked', async () => {
    const { clock, engine } = await setup();
    const manager = createPermissionManager({ engine, clock });
    expect(manager.connect().rules).toMatchObject({
      status: 'none',
      emptyText: 'No rules are set.',
    });
    engine.setPolicy([
      {
        layer: 'host',
        file: 'host.json',
        policy: { version: 1, rules: [{ effect: 'maybe' }] } as never,
      },
    ]);
    const rules = manager.connect().rules!;
    expect(rules.status).toBe('invalid');
    expect(rules.rows).toEqual([]);
    expect(rules.invalidText).toBe(
      'The rules have 1 error. Until they are fixed, you are asked about every call.',
    );
    expect(rules.errors).toHaveLength(1);
    expect(rules.errors[0]!.text).toMatch(/^Error at host\.json:\d+:\d+ rules\[0\]\.effect: /);
    expect(manager.connect().props['rules-invalid']).toMatchObject({
      hidden: false,
      role: 'alert',
    });
  });

  it('says nothing of rules when the engine given cannot tell them', async () => {
    const { clock, engine } = await setup();
    const { grants, revoke, revokeAll, subscribe } = engine;
    const manager = createPermissionManager({
      engine: { grants, revoke, revokeAll, subscribe },
      clock,
    });
    expect(manager.connect().rules).toBeNull();
    expect(manager.connect().expiry).toBeNull();
  });
});

describe('manager: the expiry setting (spec R5)', () => {
  it('shows the lifetime in force per tier and changes it in the engine', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_put', write)); // medium: 30 days
    const onExpiryChange = vi.fn();
    const manager = createPermissionManager({ engine, clock, onExpiryChange });
    const expiry = manager.connect().expiry!;
    expect(expiry.tiers.map((t) => [t.label, t.value])).toEqual([
      ['Low-risk tools', String(90 * DAY_MS)],
      ['Medium-risk tools', String(30 * DAY_MS)],
      ['High-risk tools', String(7 * DAY_MS)],
    ]);
    expect(expiry.tiers[1]!.options.map((o) => o.label)).toEqual([
      '1 day',
      '7 days',
      '30 days',
      '90 days',
      'Never expires',
      'Off: no Allow always',
    ]);
    expect(manager.connect().setExpiry('medium', String(7 * DAY_MS))).toBe(true);
    expect(engine.expiry().medium).toBe(7 * DAY_MS);
    expect(onExpiryChange).toHaveBeenCalledWith(engine.expiry(), 'medium');
    const api = manager.connect();
    expect(api.expiry!.tiers[1]!.value).toBe(String(7 * DAY_MS));
    expect(api.status).toBe('Medium-risk tools now: 7 days');
    // The saved grant is held to the shorter life at once, and the list says so.
    expect(api.grants.rows[0]!.expiresText).toBe('expires in 7 days');
    expect(manager.connect().setExpiry('high', 'never')).toBe(true);
    expect(engine.expiry().high).toBeNull();
    expect(manager.connect().setExpiry('medium', 'off')).toBe(true);
    expect(engine.expiry().medium).toBe(0);
    expect(manager.connect().grants.rows[0]!.expired).toBe(true);
    // A value that is not offered changes nothing.
    expect(manager.connect().setExpiry('low', '123')).toBe(false);
    expect(manager.connect().setExpiry('extreme' as never, 'never')).toBe(false);
    expect(engine.expiry().low).toBe(90 * DAY_MS);
    expect(onExpiryChange).toHaveBeenCalledTimes(3);
  });

  it('a lifetime the host set that is not a usual choice is shown as it is', async () => {
    const clock = createManualClock();
    const engine = createPermissionEngine({
      store: memoryStore(),
      clock,
      expiry: { low: 12 * HOUR },
    });
    const manager = createPermissionManager({ engine, clock, locale: 'de-DE' });
    const low = manager.connect().expiry!.tiers[0]!;
    expect(low.value).toBe(String(12 * HOUR));
    expect(low.options.find((o) => o.value === low.value)!.label).toBe('12 Stunden');
  });
});

describe('manager: history rows that tell the truth', () => {
  const base: AuditEvent = {
    event_type: 'mcp.permission.decision',
    decision: 'DENY_ONCE',
    koder_user_id: 'u1',
    workspace_id: 'w1',
    server_id: 'notes',
    tool_name: 'notes_put',
    args_hash: null,
    risk_tier: 'medium',
    timestamp: '2026-11-21T09:00:00.000Z',
    origin: 'user_prompt',
  };

  it.each(['en-US', 'pt-BR', 'de-DE', 'es-ES', 'ja-JP', 'ar'])(
    'in %s, a denial nobody chose never reads as the user’s choice',
    async (locale) => {
      const { clock, engine } = await setup();
      const t = createTranslator(locale);
      const yours = t.t('mcp.audit.origin.user_prompt');
      const origins = [
        'timeout',
        'no_renderer',
        'policy',
        'host_callback',
        'mode',
        'cancelled',
        'invalid',
        'something_new',
      ];
      const events = origins.map((origin) => ({ ...base, origin }) as AuditEvent);
      const manager = createPermissionManager({ engine, clock, locale, audit: () => events });
      await flush();
      const texts = manager.connect().audit.rows.map((r) => r.originText);
      expect(texts).toHaveLength(origins.length);
      expect(texts.filter((text) => text === yours)).toEqual([]);
      expect(new Set(texts).size).toBe(origins.length);
      expect(texts.some((text) => text.startsWith('mcp.'))).toBe(false);
    },
  );

  it('lists decisions only: elicitation, sampling, roots and unknown kinds are no rows', async () => {
    const { clock, engine } = await setup();
    const who = { koder_user_id: 'u1', workspace_id: 'w1', server_id: 'notes' };
    const at = { timestamp: '2026-11-21T09:00:00.000Z' };
    const events = [
      base,
      {
        event_type: 'mcp.elicitation.outcome',
        ...who,
        ...at,
        mode: 'form',
        action: 'accept',
        via: 'renderer',
      },
      {
        event_type: 'mcp.sampling.decision',
        ...who,
        ...at,
        outcome: 'denied',
        via: 'renderer',
        step: 'request',
      },
      { event_type: 'mcp.roots.decision', ...who, ...at, shared: 1, via: 'remembered' },
      { event_type: 'mcp.something.new', ...who, ...at, decision: 'ALLOW_ALWAYS' },
      { ...base, decision: 'ALLOW_ONCE' },
    ] as AuditEvent[];
    const manager = createPermissionManager({ engine, clock, audit: () => events });
    await flush();
    const { audit } = manager.connect();
    expect(audit.total).toBe(2);
    expect(audit.rows.map((r) => r.decisionLabel)).toEqual(['Allowed once', 'Denied once']);
  });

  it('shows the rule, the mode, an edit, a note and the grain of a decision', async () => {
    const { clock, engine } = await setup();
    const events: AuditEvent[] = [
      {
        ...base,
        origin: 'policy',
        policy_rule: { layer: 'managed', file: 'm.json', index: 2, id: 'no-put' },
      },
      { ...base, origin: 'mode', mode: 'plan' },
      { ...base, decision: 'ALLOW_ONCE', edited: true },
      { ...base, deny_reason: true },
      { ...base, deny_reason: true, deny_reason_text: `Use the draft ${hostile.ansi}` },
      { ...base, decision: 'ALLOW_ALWAYS', grain: 'timed' },
      { ...base, decision: 'DENY_ALWAYS', grain: 'session' },
    ];
    const manager = createPermissionManager({ engine, clock, audit: () => events });
    await flush();
    const rows = manager.connect().audit.rows.reverse();
    expect(rows.flatMap((r) => r.details).join(' ')).not.toMatch(DANGEROUS);
    expect(rows.map((r) => [r.decisionLabel, r.originText, r.details])).toEqual([
      ['Denied once', 'A policy rule', ['Rule 3 (no-put) in m.json']],
      ['Denied once', 'The permission mode', ['Plan mode']],
      ['Allowed once', 'Your choice', ['Arguments edited']],
      ['Denied once', 'Your choice', ['With a note']],
      ['Denied once', 'Your choice', [expect.stringMatching(/^Note: Use the draft/)]],
      ['Allowed for a time', 'Your choice', []],
      ['Denied for this session', 'Your choice', []],
    ]);
  });

  it('a call an answer kept for this session decided never reads as a saved permission, nor a timed one as always', async () => {
    const { clock, engine, answer, sink } = await setup();
    const never = () => Promise.reject(new Error('asked again'));
    await answer({ choice: 'allow_always', session: true }, call('notes_list', readOnly));
    await engine.request(call('notes_list', readOnly), { prompt: never });
    await answer('allow_always', call('notes_get', readOnly));
    await engine.request(call('notes_get', readOnly), { prompt: never });
    await answer({ choice: 'allow_always', ttlMs: 60 * 60_000 }, call('notes_find', readOnly));
    await engine.request(call('notes_find', readOnly), { prompt: never });
    const manager = createPermissionManager({ engine, clock, audit: () => sink.events() });
    await flush();
    const rows = manager.connect().audit.rows.reverse();
    expect(rows.map((r) => [r.tool, r.decisionLabel, r.originText])).toEqual([
      ['notes_list', 'Allowed for this session', 'Your choice'],
      ['notes_list', 'Allowed for this session', 'Answer kept for this session'],
      ['notes_get', 'Allowed always', 'Your choice'],
      ['notes_get', 'Allowed always', 'Saved permission'],
      // A timed answer that decided a later call never reads as "always".
      ['notes_find', 'Allowed for a time', 'Your choice'],
      ['notes_find', 'Allowed for a time', 'Saved permission'],
    ]);
    expect(rows[1]!.origin).toBe('cache_hit');
    manager.destroy();
  });

  it('a real timeout is recorded and shown as no answer in time', async () => {
    const clock = createManualClock();
    const sink = memoryAuditSink();
    const engine = createPermissionEngine({
      store: memoryStore(),
      clock,
      audit: sink,
      promptTimeoutMs: 1000,
    });
    await engine.ready;
    const result = engine.request(call('notes_put', write), {
      prompt: () => new Promise(() => {}),
    });
    // Time runs on until the prompt times out (showing it may take a few ticks under load).
    let settled = false;
    void result.then(() => (settled = true));
    while (!settled) {
      await flush();
      clock.advance(1000);
    }
    expect((await result).choice).toBe('deny_once');
    const manager = createPermissionManager({ engine, clock, audit: () => sink.events() });
    await flush();
    expect(manager.connect().audit.rows.map((r) => r.originText)).toEqual(['No answer in time']);
  });
});
