import { createTranslator } from '@mcp-consent/i18n';
import { CHECKING_DELAY_MS, checkingAnatomy, connectChecking } from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { catalog } from './support.js';

describe('"Checking permissions…" status (R4.1)', () => {
  it.each([
    ['en-US', 'ltr'],
    ['pt-BR', 'ltr'],
    ['ar', 'rtl'],
  ] as const)('%s: the catalog text in a polite live region, %s', (locale, dir) => {
    const api = connectChecking({ locale });
    expect(api.text).toBe(catalog(locale)['mcp.permission.checking']);
    expect(api.text.trim()).not.toBe('');
    expect(api.props.checking).toMatchObject({
      'data-scope': 'permission',
      'data-part': 'checking',
      role: 'status',
      'aria-live': 'polite',
      'aria-busy': 'true',
      dir,
      lang: locale,
    });
    expect(checkingAnatomy).toContain(api.props.checking['data-part']);
  });

  it('says "Checking permissions…" in en-US, the spec’s words, by default', () => {
    expect(connectChecking().text).toBe('Checking permissions…');
    expect(connectChecking().props.checking).toMatchObject({ lang: 'en-US', dir: 'ltr' });
  });

  it('is a status, never a dialog that takes focus or blocks the page', () => {
    const props = connectChecking({ locale: 'ar' }).props.checking;
    expect(props.role).not.toBe('dialog');
    expect(props['aria-modal']).toBeUndefined();
    expect(props.tabindex).toBeUndefined();
    expect(props['aria-live']).not.toBe('assertive');
  });

  it('negotiates a list of preferred locales and falls back to en-US', () => {
    expect(connectChecking({ locale: ['fr-FR', 'pt-BR'] }).text).toBe(
      catalog('pt-BR')['mcp.permission.checking'],
    );
    expect(connectChecking({ locale: ['ar-EG'] }).props.checking).toMatchObject({ dir: 'rtl' });
    expect(connectChecking({ locale: 'xx-YY' }).text).toBe(
      catalog('en-US')['mcp.permission.checking'],
    );
  });

  it('uses the host’s translator over a locale option', () => {
    const api = connectChecking({ translator: createTranslator('ar'), locale: 'pt-BR' });
    expect(api.text).toBe(catalog('ar')['mcp.permission.checking']);
    expect(api.props.checking).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('is shown only after 100 ms of lookup (the spec’s threshold, shared by every renderer)', () => {
    // The model has no timer of its own: renderers wait CHECKING_DELAY_MS on their injected
    // clock before showing it (elements' CheckingController, React's useChecking).
    expect(CHECKING_DELAY_MS).toBe(100);
  });
});
