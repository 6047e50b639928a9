import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createPermissionEngine,
  DAY_MS,
  memoryAuditSink,
  memoryStore,
  type Choice,
  type ToolCall,
} from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import { createPermissionManager } from '@mcp-consent/prompt';
import { DANGEROUS, hostile } from './support.js';

const server = { id: 'notes', name: 'Notes', trusted: true };
const call = (name: string, annotations: Record<string, boolean>, userId = 'u1'): ToolCall => ({
  userId,
  workspaceId: 'w1',
  server,
  tool: { name, inputSchema: { type: 'object' }, annotations },
  args: { id: 'a' },
});
const readOnly = { readOnlyHint: true, openWorldHint: false };
const write = { destructiveHint: false, idempotentHint: true, openWorldHint: false };

async function setup() {
  const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
  const sink = memoryAuditSink();
  const engine = createPermissionEngine({ store: memoryStore(), clock, audit: sink });
  await engine.ready;
  const answer = (choice: Choice, c: ToolCall) => engine.request(c, { prompt: () => choice });
  return { clock, sink, engine, answer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPermissionManager', () => {
  it('lists grants with tool, server, decision and expiry, newest first', async () => {
    const { clock, sink, engine, answer } = await setup();
    await answer('allow_always', call('notes_list', readOnly));
    clock.advance(1000);
    await answer('deny_always', call('notes_put', write));
    const manager = createPermissionManager({ engine, clock, audit: () => sink.events() });
    const api = manager.connect();
    expect(api.grants.title).toBe('Saved permissions');
    expect(api.grants.countText).toBe('2 saved permissions');
    expect(api.grants.rows.map((row) => [row.tool, row.server, row.decisionLabel])).toEqual([
      ['notes_put', 'notes', 'Denied always'],
      ['notes_list', 'notes', 'Allowed always'],
    ]);
    expect(api.grants.rows[1]!.expiresText).toBe('expires in 90 days');
    expect(api.grants.rows[0]!.expiresText).toBe('never expires');
    expect(api.grants.rows[1]!.scopeText).toBe('Any arguments');
    expect(api.grants.rows[1]!.props.revoke['aria-label']).toBe('Revoke notes_list (notes)');
    expect(api.grants.columns.expires).toBe('Expires');
    expect(api.grants.emptyText).toBeNull();
    manager.destroy();
  });

  it('expiry text follows the clock, and an expired grant is marked', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_put', write));
    const manager = createPermissionManager({ engine, clock });
    expect(manager.connect().grants.rows[0]!.expiresText).toBe('expires in 30 days');
    expect(manager.connect().grants.rows[0]!.expiresDateText).toMatch(/^Expires on /);
    clock.advance(29 * DAY_MS + 12 * 60 * 60 * 1000);
    expect(manager.connect().grants.rows[0]!.expiresText).toBe('expires in 12 hours');
    clock.advance(DAY_MS);
    expect(manager.connect().grants.rows[0]).toMatchObject({
      expired: true,
      expiresText: 'expired',
    });
    // The date under "expired" is in the past: it must not read "Expires on …".
    expect(manager.connect().grants.rows[0]!.expiresDateText).toMatch(/^Expired on /);
    expect(manager.connect().grants.rows[0]!.props.row['data-expired']).toBe('true');
  });

  it('revokes one grant, live, and says so', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_list', readOnly));
    await answer('allow_always', call('notes_put', write));
    const manager = createPermissionManager({ engine, clock });
    let changes = 0;
    manager.subscribe(() => changes++);
    const row = manager.connect().grants.rows.find((r) => r.tool === 'notes_put')!;
    expect(await row.revoke()).toBe(true);
    const api = manager.connect();
    expect(api.grants.rows.map((r) => r.tool)).toEqual(['notes_list']);
    expect(api.status).toBe('Permission for notes_put revoked');
    expect(changes).toBeGreaterThan(0);
    expect(engine.grants().map((g) => g.toolName)).toEqual(['notes_list']);
    expect(await manager.connect().revoke('no-such-key')).toBe(false);
  });

  it('revoke all asks for confirmation first, then revokes only the filtered grants', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_list', readOnly));
    await answer('deny_always', call('notes_put', write));
    await answer('allow_always', call('notes_list', readOnly, 'someone-else'));
    const manager = createPermissionManager({ engine, clock, filter: { userId: 'u1' } });
    expect(manager.connect().grants.total).toBe(2);
    expect(await manager.connect().confirmRevokeAll()).toBe(0);
    manager.connect().requestRevokeAll();
    const asking = manager.connect();
    expect(asking.confirm).toEqual({
      text: 'Revoke all 2 saved permissions? You will be asked again.',
      confirmLabel: 'Revoke all',
      cancelLabel: 'Cancel',
      // The safe answer takes focus, never the destructive one.
      initialFocus: 'confirm-cancel',
    });
    expect(asking.returnFocus).toBe('revoke-all');
    expect(asking.props['revoke-all']!.hidden).toBe(true);
    asking.cancelRevokeAll();
    expect(manager.connect().confirm).toBeNull();
    manager.connect().requestRevokeAll();
    expect(await manager.connect().confirmRevokeAll()).toBe(2);
    const api = manager.connect();
    expect(api.grants.rows).toEqual([]);
    expect(api.grants.emptyText).toMatch(/^No saved permissions\./);
    expect(api.status).toBe('2 saved permissions revoked');
    expect(api.props['revoke-all']!.hidden).toBe(true);
    // Revoke all is gone with the grants: focus goes back to the list's heading.
    expect(api.returnFocus).toBe('grants-heading');
    expect(engine.grants().map((g) => g.userId)).toEqual(['someone-else']);
  });

  it('Escape closes the confirmation of Revoke all without revoking anything', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_list', readOnly));
    const manager = createPermissionManager({ engine, clock });
    expect(manager.connect().handleKey('Escape')).toBe(false);
    manager.connect().requestRevokeAll();
    expect(manager.connect().handleKey('Enter')).toBe(false);
    expect(manager.connect().confirm).not.toBeNull();
    expect(manager.connect().handleKey('Escape')).toBe(true);
    expect(manager.connect().confirm).toBeNull();
    expect(manager.connect().props['revoke-all']!.hidden).toBe(false);
    expect(engine.grants()).toHaveLength(1);
  });

  it('says "no saved permissions" once: the count hides when the empty text shows', async () => {
    const { clock, engine, answer } = await setup();
    const manager = createPermissionManager({ engine, clock });
    const empty = manager.connect();
    expect(empty.grants.emptyText).toMatch(/^No saved permissions\./);
    expect(empty.props['grants-count']!.hidden).toBe(true);
    await answer('allow_always', call('notes_list', readOnly));
    const listed = manager.connect();
    expect(listed.props['grants-count']!.hidden).toBe(false);
    listed.setGrantQuery('zzz');
    // A filter that matches nothing keeps the count: the grants are still there.
    expect(manager.connect().props['grants-count']!.hidden).toBe(false);
  });

  it.each(['en-US', 'pt-BR', 'de-DE', 'es-ES', 'ja-JP', 'ar', 'en-XA'])(
    'in %s, a history row shows its own risk tier and the saved list words decisions as the history does',
    async (locale) => {
      const { clock, sink, engine, answer } = await setup();
      const t = createTranslator(locale);
      await answer('allow_always', call('notes_list', readOnly)); // low (trusted, read-only)
      await answer('deny_always', call('notes_put', write)); // medium
      await answer('deny_once', call('notes_wipe', { destructiveHint: true })); // high
      const manager = createPermissionManager({
        engine,
        clock,
        locale,
        audit: () => sink.events(),
      });
      await flush();
      const api = manager.connect();
      const tiers = { notes_list: 'low', notes_put: 'medium', notes_wipe: 'high' } as const;
      for (const row of api.audit.rows) {
        expect(row.riskTier).toBe(tiers[row.tool as keyof typeof tiers]);
        expect(row.riskText).toBe(t.t('mcp.audit.risk', { tier: row.riskTier }));
        expect(row.riskText).not.toBe(t.t('mcp.audit.risk', { tier: 'unknown' }));
      }
      expect(new Set(api.audit.rows.map((r) => r.riskText)).size).toBe(3);
      // One wording and one badge per decision: a saved "always" reads as the history's.
      const history = new Map(api.audit.rows.map((r) => [r.decision, r]));
      for (const grant of api.grants.rows) {
        const same = history.get(`${grant.decision}_always`)!;
        expect(grant.decisionLabel).toBe(same.decisionLabel);
        expect(grant.props.decision).toEqual(same.props.decision);
      }
      expect(api.grants.rows.map((r) => r.props.decision['data-tone']).sort()).toEqual([
        'allow',
        'deny',
      ]);
      manager.destroy();
    },
  );

  it('filters grants by tool or server text', async () => {
    const { clock, engine, answer } = await setup();
    await answer('allow_always', call('notes_list', readOnly));
    await answer('allow_always', call('calendar_read', readOnly));
    const manager = createPermissionManager({ engine, clock });
    manager.connect().setGrantQuery('CAL');
    expect(manager.connect().grants.rows.map((r) => r.tool)).toEqual(['calendar_read']);
    manager.connect().setGrantQuery('zzz');
    expect(manager.connect().grants.emptyText).toBe('No saved permissions match the filter');
    expect(manager.connect().grants.total).toBe(2);
  });

  it('shows the audit history newest first, re-read after each decision, with filters', async () => {
    const { clock, sink, engine, answer } = await setup();
    const manager = createPermissionManager({ engine, clock, audit: () => sink.events() });
    await flush();
    expect(manager.connect().audit.emptyText).toBe('No decisions recorded yet');
    await answer('allow_once', call('notes_list', readOnly));
    await answer('deny_once', call('notes_put', write));
    await answer('allow_always', call('notes_put', write));
    await answer('allow_once', call('notes_put', write)); // cache hit
    await flush();
    const api = manager.connect();
    expect(api.audit.rows.map((r) => [r.tool, r.decisionLabel, r.originText])).toEqual([
      ['notes_put', 'Allowed always', 'Saved permission'],
      ['notes_put', 'Allowed always', 'Your choice'],
      ['notes_put', 'Denied once', 'Your choice'],
      ['notes_list', 'Allowed once', 'Your choice'],
    ]);
    expect(api.audit.rows[0]!.riskText).toBe('Medium risk');
    expect(api.audit.rows[0]!.timeText).toMatch(/2026/);
    expect(api.audit.filter.options.map((o) => o.value)).toEqual([
      'all',
      'allow_once',
      'allow_always',
      'deny_once',
      'deny_always',
    ]);
    api.setAuditDecision('deny_once');
    expect(manager.connect().audit.rows.map((r) => r.decision)).toEqual(['deny_once']);
    manager.connect().setAuditDecision('all');
    manager.connect().setAuditQuery('list');
    expect(manager.connect().audit.rows.map((r) => r.tool)).toEqual(['notes_list']);
    manager.connect().setAuditQuery('nothing-like-this');
    expect(manager.connect().audit.emptyText).toBe('No decisions match the filter');
    expect(manager.connect().props['audit-table']!.hidden).toBe(true);
  });

  it('an async audit reader is awaited, and a failing one leaves the history as it was', async () => {
    const { clock, sink, engine, answer } = await setup();
    await answer('allow_once', call('notes_list', readOnly));
    let fail = false;
    const manager = createPermissionManager({
      engine,
      clock,
      audit: async () => {
        if (fail) throw new Error('disk');
        return sink.events();
      },
    });
    expect(manager.connect().audit.loading).toBe(true);
    await flush();
    expect(manager.connect().audit).toMatchObject({ loading: false, total: 1 });
    fail = true;
    await answer('deny_once', call('notes_put', write));
    await flush();
    expect(manager.connect().audit.total).toBe(1);
  });

  it('shows server text from grants as inert text, in the locale and direction asked for', async () => {
    const { clock, engine, answer } = await setup();
    const name = `${hostile.bidi}${hostile.ansi}`;
    await answer('allow_always', call(name, readOnly));
    const manager = createPermissionManager({ engine, clock, locale: 'ar' });
    const api = manager.connect();
    expect(api.dir).toBe('rtl');
    expect(api.props.root).toMatchObject({ dir: 'rtl', lang: 'ar' });
    expect(api.grants.rows[0]!.tool).not.toMatch(DANGEROUS);
    // The translator wraps values in isolates (U+2068…U+2069) in Arabic; the raw override is gone.
    const label = String(api.grants.rows[0]!.props.revoke['aria-label']);
    expect(label).not.toContain('\u202E');
    expect(label).not.toContain('\u001b');
  });

  it('stops listening after destroy', async () => {
    const { clock, engine, answer } = await setup();
    const manager = createPermissionManager({ engine, clock });
    let changes = 0;
    manager.subscribe(() => changes++);
    manager.destroy();
    await answer('allow_always', call('notes_list', readOnly));
    expect(changes).toBe(0);
  });
});
