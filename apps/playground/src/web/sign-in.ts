/**
 * Who is signed in, as the playground server says (`/api/session`), and the panel that signs in
 * as a demo user or out. Both pages (the playground and `/approvals`) use it.
 */
import { html, nothing } from 'lit';
import type { AppTranslator } from '@mcp-consent/i18n/apps';

export interface DemoUser {
  id: string;
  name: string;
}

export interface SignIn {
  /** Null: nobody (or the server could not be reached). */
  user: DemoUser | null;
  /** Whom one may sign in as. */
  users: DemoUser[];
}

const isUser = (value: unknown): value is DemoUser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DemoUser).id === 'string' &&
  typeof (value as DemoUser).name === 'string';

function parse(body: unknown): SignIn {
  const { user, users } = (body ?? {}) as { user?: unknown; users?: unknown };
  return {
    user: isUser(user) ? user : null,
    users: Array.isArray(users) ? users.filter(isUser) : [],
  };
}

async function session(init?: RequestInit): Promise<SignIn> {
  const response = await fetch('/api/session', {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
  if (!response.ok && response.status !== 401) throw new Error(`HTTP ${response.status}`);
  return parse(await response.json());
}

/** Who is signed in; nobody when the server cannot say. */
export const readSignIn = (): Promise<SignIn> => session().catch(() => ({ user: null, users: [] }));

export const signIn = (user: string): Promise<SignIn> =>
  session({ method: 'POST', body: JSON.stringify({ user }) });

export const signOut = (): Promise<SignIn> => session({ method: 'DELETE' });

export interface SignInPanelOptions {
  /** Signing in or out failed: said until the next try. */
  failed: boolean;
  onSignIn(user: string): void;
  onSignOut(): void;
  /** Link to the approval queue (on the playground; not on `/approvals` itself). */
  approvalsLink?: boolean;
}

/** "Signed in as Ana · Sign out", or a picker of the demo users and Sign in. */
export function signInPanel(t: AppTranslator, state: SignIn, options: SignInPanelOptions) {
  const failed = options.failed
    ? html`<p class="error" role="alert">${t.t('mcp.playground.signin.failed')}</p>`
    : nothing;
  if (state.user) {
    return html`<div class="sign-in" data-signed-in=${state.user.id}>
      <p class="row sign-in-row">
        <span id="signed-in-as" dir="auto">
          ${t.t('mcp.playground.signin.signed_in', { name: state.user.name })}
        </span>
        <button id="sign-out" type="button" @click=${() => options.onSignOut()}>
          ${t.t('mcp.playground.signin.sign_out')}
        </button>
      </p>
      ${
        options.approvalsLink
          ? html`<p class="note">
              ${t.t('mcp.playground.signin.note')}
              <a id="approvals-link" href="/approvals" target="_blank" rel="noopener"
                >${t.t('mcp.playground.signin.approvals_link')}</a
              >
            </p>`
          : nothing
      }
      ${failed}
    </div>`;
  }
  if (state.users.length === 0) return failed;
  return html`<form
    class="sign-in"
    data-signed-in=""
    @submit=${(event: Event) => {
      event.preventDefault();
      const picker = (event.currentTarget as HTMLFormElement).elements.namedItem('user');
      options.onSignIn((picker as HTMLSelectElement).value);
    }}
  >
    <div class="row">
      <label class="field" for="sign-in-user"
        ><span>${t.t('mcp.playground.signin.label')}</span>
        <select id="sign-in-user" name="user">
          ${state.users.map((user) => html`<option value=${user.id}>${user.name}</option>`)}
        </select></label
      >
      <button id="sign-in" type="submit">${t.t('mcp.playground.signin.sign_in')}</button>
    </div>
    <p class="note">${t.t('mcp.playground.signin.signed_out')}</p>
    ${failed}
  </form>`;
}
