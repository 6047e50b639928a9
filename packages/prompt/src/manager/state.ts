import { createState, resolveTranslator, TEXT_LIMITS, TextCleaner, type Store } from '../core.js';
import { managerIds } from './anatomy.js';
import { connectManager, DECISIONS } from './connect.js';
import type {
  ManagerActions,
  ManagerApi,
  ManagerContext,
  ManagerState,
  ManagerModel,
  PermissionManagerOptions,
} from './types.js';

const MINUTE = 60_000;

/**
 * The headless model of "Saved permissions" and "Permission history": the user's grants
 * (tool, server, decision, scope, expiry) with revoke one and revoke all (confirmed), and
 * the audit history newest first with a text and decision filter. Live: it re-reads the
 * engine's grants on every `grants` event and the history on every `decision` event.
 * Revoking one grant is immediate (the user is simply asked again next time).
 */
export function createPermissionManager(options: PermissionManagerOptions): ManagerModel {
  const t = resolveTranslator(options);
  const prefix = options.idPrefix ?? 'mcp-consent-manager';
  const cleaner = new TextCleaner('escape', t);
  const ctx: ManagerContext = {
    t,
    prefix,
    ids: managerIds(prefix),
    text: (value) => cleaner.text(value, TEXT_LIMITS.toolName),
    engine: options.engine,
    filter: options.filter ?? {},
    limit: options.auditLimit ?? 200,
  };
  const state = createState<ManagerState>({
    grantQuery: '',
    auditQuery: '',
    auditDecision: 'all',
    confirmingRevokeAll: false,
    status: '',
    audit: [],
    auditLoading: options.audit !== undefined,
    grantsVersion: 0,
  });
  let destroyed = false;
  const send = managerActions(ctx, state, options, () => destroyed);
  const unsubscribe = ctx.engine.subscribe((event) => {
    if (event.type === 'grants') state.set({ grantsVersion: state.get().grantsVersion + 1 });
    if (event.type === 'decision') void send.refreshAudit();
  });
  void send.refreshAudit();

  // Expiry texts ("expires in 5 minutes") go stale: the view is rebuilt each new minute.
  let cache: { state: ManagerState; minute: number; api: ManagerApi } | undefined;
  const connect = (): ManagerApi => {
    const current = state.get();
    const now = options.clock.now();
    const minute = Math.floor(now / MINUTE);
    if (cache && cache.state === current && cache.minute === minute) return cache.api;
    const api = connectManager(ctx, current, now, send);
    cache = { state: current, minute, api };
    return api;
  };

  return {
    connect,
    getState: state.get,
    subscribe: (listener) => state.subscribe(() => listener()),
    destroy: () => {
      destroyed = true;
      unsubscribe();
    },
  };
}

/**
 * The transitions: filters, revoking (one at once, all after a confirmation) and reading
 * the history. Nothing is written to the state once the manager is destroyed.
 */
function managerActions(
  ctx: ManagerContext,
  state: Store<ManagerState>,
  options: PermissionManagerOptions,
  isDestroyed: () => boolean,
): ManagerActions {
  const { t, engine, filter } = ctx;
  let reads = 0;
  const refreshAudit = async () => {
    if (!options.audit) return;
    const read = ++reads;
    try {
      const events = await options.audit();
      // A slower earlier read must not overwrite a newer one.
      if (!isDestroyed() && read === reads) state.set({ audit: [...events], auditLoading: false });
    } catch {
      if (!isDestroyed() && read === reads) state.set({ auditLoading: false });
    }
  };
  const revoke = async (key: string) => {
    const grant = engine.grants(filter).find((g) => g.key === key);
    if (!grant) return false;
    const done = await engine.revoke(grant);
    if (done && !isDestroyed())
      state.set({ status: t.t('mcp.grants.revoked', { tool: ctx.text(grant.toolName) }) });
    return done;
  };
  const confirmRevokeAll = async () => {
    if (!state.get().confirmingRevokeAll) return 0;
    state.set({ confirmingRevokeAll: false });
    const count = await engine.revokeAll(filter);
    if (!isDestroyed()) state.set({ status: t.t('mcp.grants.revoked_all', { count }) });
    return count;
  };
  return {
    setGrantQuery: (value) => state.set({ grantQuery: value }),
    setAuditQuery: (value) => state.set({ auditQuery: value }),
    setAuditDecision: (value) => {
      if (value === 'all' || DECISIONS.includes(value)) state.set({ auditDecision: value });
    },
    revoke,
    requestRevokeAll: () => {
      if (engine.grants(filter).length > 0) state.set({ confirmingRevokeAll: true });
    },
    confirmRevokeAll,
    cancelRevokeAll: () => state.set({ confirmingRevokeAll: false }),
    refreshAudit,
    handleKey: (key) => {
      if (key !== 'Escape' || !state.get().confirmingRevokeAll) return false;
      state.set({ confirmingRevokeAll: false });
      return true;
    },
  };
}
