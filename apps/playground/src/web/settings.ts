import { negotiateLocale, supportedLocales, type Locale } from '@mcp-consent/i18n';

export type RendererName = 'lit' | 'react';
export type Theme = 'light' | 'dark';

/** What the user picked in the playground's settings. */
export interface Settings {
  renderer: RendererName;
  locale: Locale;
  theme: Theme;
  user: string;
  workspace: string;
  /** An MCP server URL to connect to instead of the demo server (`?server=`). */
  server: string | null;
  /** Whether the host trusts the server (lowers read-only tools to low risk). */
  trusted: boolean;
  /** Whether every allowed call's result is shown for review before the model gets it. */
  review: boolean;
}

/** The people and workspaces of the scope switch (spec T8). Identifiers, not copy. */
export const users = ['alice', 'bob'] as const;
export const workspaces = ['acme', 'personal'] as const;
export const renderers: readonly RendererName[] = ['lit', 'react'];
export const themes: readonly Theme[] = ['light', 'dark'];
export const locales: readonly Locale[] = supportedLocales;

const STORAGE_KEY = 'mcp-consent-playground';
type Param =
  'renderer' | 'locale' | 'theme' | 'user' | 'workspace' | 'server' | 'trusted' | 'review';

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function stored(): Partial<Record<Param, string>> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Settings from the URL (`?renderer=react&locale=ar&theme=dark&user=bob&server=…`),
 * then from the last visit (localStorage), then the defaults. The URL wins so a
 * link reproduces a state.
 */
export function readSettings(location: Location = window.location): Settings {
  const query = new URLSearchParams(location.search);
  const saved = stored();
  const get = (name: Param) => query.get(name) ?? saved[name];
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const server = query.get('server');
  return {
    renderer: pick(get('renderer'), renderers, 'lit'),
    locale: pick(get('locale'), locales, negotiateLocale(navigator.languages)),
    theme: pick(get('theme'), themes, prefersDark ? 'dark' : 'light'),
    user: pick(get('user'), users, users[0]),
    workspace: pick(get('workspace'), workspaces, workspaces[0]),
    server: server && server.trim() !== '' ? server.trim() : null,
    trusted: get('trusted') === 'true',
    review: get('review') === 'true',
  };
}

/** Remembers the settings and mirrors them in the URL (without reloading). */
export function saveSettings(settings: Settings): void {
  const { server, ...rest } = settings;
  const values: Record<string, string> = {
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)])),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the settings.
  }
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  if (server) url.searchParams.set('server', server);
  else url.searchParams.delete('server');
  window.history.replaceState(null, '', url);
}
