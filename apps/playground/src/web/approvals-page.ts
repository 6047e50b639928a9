/**
 * `/approvals`: the calls waiting for the signed-in user's answer on any page, from another
 * browser or a phone. Refreshed every second. Everything in a pending approval came from a
 * server: each string goes through `sanitizeText` and is bound as text; the buttons are the
 * answers the prompt offers, with the kit's own labels.
 */
import { html, nothing, render } from 'lit';
import type { Choice, RiskTier } from '@mcp-consent/engine';
import { createAppTranslator } from '@mcp-consent/i18n/apps';
import { sanitizeText, TEXT_LIMITS } from '@mcp-consent/prompt';
import { toolNameText } from './server-text.js';
import { readSettings } from './settings.js';
import { readSignIn, signIn, signInPanel, signOut, type SignIn } from './sign-in.js';

interface Pending {
  id: string;
  summary: Record<string, unknown>;
}

const NOTICE = {
  sent: 'mcp.playground.approvals.sent',
  already_answered: 'mcp.playground.approvals.already_answered',
  offline: 'mcp.playground.approvals.offline',
} as const;
type Notice = keyof typeof NOTICE | null;

const REFRESH_MS = 1_000;
const ANSWER_LABEL = {
  allow_once: 'mcp.permission.action.allow_once',
  allow_always: 'mcp.permission.action.allow_always',
  deny_once: 'mcp.permission.action.deny_once',
  deny_always: 'mcp.permission.action.deny_always',
} as const satisfies Record<Choice, string>;
// Only the tier: the summary has no annotations, so no "read-only" or "may modify data".
const RISK_LABEL = {
  low: 'mcp.permission.risk.low_writes',
  medium: 'mcp.permission.risk.medium',
  high: 'mcp.permission.risk.high_plain',
} as const satisfies Record<RiskTier, string>;

const settings = readSettings();
const t = createAppTranslator(settings.locale);
const root = document.getElementById('app')!;
const state: {
  signIn: SignIn;
  signInFailed: boolean;
  pending: Pending[];
  notice: Notice;
  /** Answers on their way: their buttons are disabled. */
  sending: Set<string>;
} = {
  signIn: { user: null, users: [] },
  signInFailed: false,
  pending: [],
  notice: null,
  sending: new Set(),
};

const plain = (value: unknown, maxLength: number, multiline = false) =>
  sanitizeText(typeof value === 'string' ? value : '', { maxLength, multiline }).text;

/** The answers a row offers, in the kit's order; anything else in the row is ignored. */
function answersOf(summary: Record<string, unknown>): Choice[] {
  const offered = Array.isArray(summary.answers) ? summary.answers : [];
  return (Object.keys(ANSWER_LABEL) as Choice[]).filter((choice) => offered.includes(choice));
}

async function refresh(): Promise<void> {
  if (!state.signIn.user) return;
  try {
    const response = await fetch('/api/approvals');
    if (response.status === 401) {
      state.signIn = await readSignIn();
      state.pending = [];
    } else if (response.ok) {
      const body = (await response.json()) as { pending?: unknown };
      state.pending = (Array.isArray(body.pending) ? body.pending : []).filter(
        (item): item is Pending =>
          typeof item?.id === 'string' &&
          typeof item?.summary === 'object' &&
          item.summary !== null,
      );
      if (state.notice === 'offline') state.notice = null;
    } else state.notice = 'offline';
  } catch {
    state.notice = 'offline';
  }
  draw();
}

async function answer(id: string, choice: Choice): Promise<void> {
  state.sending.add(id);
  draw();
  try {
    const response = await fetch(`/api/approvals/${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answer: choice }),
    });
    if (response.ok) state.notice = 'sent';
    else if (response.status === 409 || response.status === 404) state.notice = 'already_answered';
    else state.notice = 'offline';
    if (response.ok || response.status === 409 || response.status === 404)
      state.pending = state.pending.filter((item) => item.id !== id);
  } catch {
    state.notice = 'offline';
  } finally {
    state.sending.delete(id);
  }
  draw();
}

async function session(change: () => Promise<SignIn>): Promise<void> {
  try {
    state.signIn = await change();
    state.signInFailed = false;
  } catch {
    state.signInFailed = true;
  }
  state.pending = [];
  state.notice = null;
  draw();
  await refresh();
}

function item(pending: Pending) {
  const { summary } = pending;
  const tier = summary.riskTier as RiskTier;
  const risk = tier in RISK_LABEL ? t.t(RISK_LABEL[tier]) : '?';
  const server = plain(summary.serverName ?? summary.serverId, TEXT_LIMITS.serverName) || '?';
  const tool = toolNameText(t, summary.toolName);
  const args = summary.argsPreview === null ? '' : plain(summary.argsPreview, 4000, true);
  const sending = state.sending.has(pending.id);
  return html`<li class="approval panel" data-approval=${pending.id} data-tier=${tier}>
    <dl class="approval-facts">
      <dt>${t.t('mcp.playground.approvals.server')}</dt>
      <dd data-part="server" dir="auto" translate="no">${server}</dd>
      <dt>${t.t('mcp.playground.approvals.tool')}</dt>
      <dd data-part="tool" dir="auto" translate="no"><code>${tool}</code></dd>
      <dt>${t.t('mcp.playground.approvals.risk')}</dt>
      <dd data-part="risk"><span class="risk" data-tier=${tier}>${risk}</span></dd>
    </dl>
    ${
      args === ''
        ? nothing
        : html`<p class="approval-args-label">${t.t('mcp.playground.approvals.args')}</p>
            <pre class="approval-args" data-part="args" dir="ltr">${args}</pre>
            ${
              summary.argsTruncated === true
                ? html`<p class="note">${t.t('mcp.playground.approvals.args_shortened')}</p>`
                : nothing
            }`
    }
    <div class="approval-actions">
      ${answersOf(summary).map(
        (choice) =>
          html`<button
            type="button"
            class=${choice === summary.defaultChoice ? 'primary' : ''}
            data-choice=${choice}
            ?disabled=${sending}
            @click=${() => void answer(pending.id, choice)}
          >
            ${t.t(ANSWER_LABEL[choice])}
          </button>`,
      )}
    </div>
  </li>`;
}

function draw(): void {
  const { user } = state.signIn;
  render(
    html`<header class="top">
        <h1>${t.t('mcp.playground.approvals.title')}</h1>
        <p class="intro">${t.t('mcp.playground.approvals.intro')}</p>
        <p><a href="/">${t.t('mcp.playground.approvals.back')}</a></p>
      </header>
      <section class="panel">
        ${signInPanel(t, state.signIn, {
          failed: state.signInFailed,
          onSignIn: (id) => void session(() => signIn(id)),
          onSignOut: () => void session(signOut),
        })}
      </section>
      <p id="notice" class="status" role="status" data-notice=${state.notice ?? ''}>
        ${state.notice ? t.t(NOTICE[state.notice]) : nothing}
      </p>
      ${
        !user
          ? html`<p class="note">${t.t('mcp.playground.approvals.sign_in_first')}</p>`
          : state.pending.length === 0
            ? html`<p id="empty" class="note">${t.t('mcp.playground.approvals.empty')}</p>`
            : html`<ul id="approvals" class="approvals">
                ${state.pending.map(item)}
              </ul>`
      }`,
    root,
  );
}

document.documentElement.lang = t.locale;
document.documentElement.dir = t.dir;
document.documentElement.dataset.theme = settings.theme;
document.title = t.t('mcp.playground.approvals.title');
state.signIn = await readSignIn();
draw();
await refresh();
document.documentElement.dataset.ready = 'true';
setInterval(() => void refresh(), REFRESH_MS);
