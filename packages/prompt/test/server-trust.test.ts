import { createManualClock, type ServerRef } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  createElicitationPrompt,
  createPermissionPrompt,
} from '@mcp-consent/prompt';
import { describe, expect, it } from 'vitest';
import { catalog, promptRequest, server, tools, trustedServer } from './support.js';

/** The server chip of every sheet, for one server and locale. */
function chips(target: ServerRef, locale: string) {
  const clock = createManualClock();
  const permission = createPermissionPrompt(promptRequest(tools.readOnly, { server: target }), {
    clock,
    locale,
  }).connect();
  const form = createElicitationPrompt(
    { message: 'm', requestedSchema: { type: 'object', properties: {} } },
    { clock, locale, server: target },
  ).connect();
  const url = createElicitationPrompt(
    { mode: 'url', message: 'm', url: 'https://example.com/', elicitationId: 'e' },
    { clock, locale, server: target },
  ).connect();
  const dryRun = createDryRunPrompt(
    { id: 'd', server: target, tool: tools.destructive, preview: { a: 1 } },
    { clock, locale },
  ).connect();
  return Object.entries({ permission, form, url, dryRun }).map(
    ([sheet, api]) => [sheet, api.server, api.props] as const,
  );
}

describe('server trust label', () => {
  it.each([
    ['en-US', trustedServer, 'mcp.permission.server.trusted'],
    ['en-US', server, 'mcp.permission.server.untrusted'],
    ['pt-BR', trustedServer, 'mcp.permission.server.trusted'],
    ['pt-BR', server, 'mcp.permission.server.untrusted'],
  ] as const)('%s, %o: the catalog label on every sheet', (locale, target, id) => {
    const label = catalog(locale)[id];
    for (const [sheet, chip, props] of chips(target, locale)) {
      expect([sheet, chip.trustLabel]).toEqual([sheet, label]);
      expect([sheet, chip.trusted]).toEqual([sheet, target.trusted]);
      expect(props.trust).toMatchObject({ 'data-trusted': String(target.trusted) });
      expect(props['server-chip']).toMatchObject({ 'data-trusted': String(target.trusted) });
    }
  });

  it('the two labels differ in each locale, so a user can tell them apart', () => {
    for (const locale of ['en-US', 'pt-BR']) {
      const trusted = chips(trustedServer, locale)[0]![1];
      const untrusted = chips(server, locale)[0]![1];
      expect(trusted.trustLabel).not.toBe(untrusted.trustLabel);
    }
  });

  it('fails closed: only `trusted: true` from the host counts, whatever the server is called', () => {
    const claims = [
      { id: 's', name: 'Trusted server', trusted: 'true' as unknown as boolean },
      { id: 's', name: 'Trusted server', trusted: 1 as unknown as boolean },
      { id: 's', name: 'Trusted server' },
    ];
    const untrusted = catalog('en-US')['mcp.permission.server.untrusted'];
    for (const claim of claims) {
      for (const [sheet, chip, props] of chips(claim, 'en-US')) {
        expect([sheet, chip.trusted, chip.trustLabel]).toEqual([sheet, false, untrusted]);
        expect(props.trust).toMatchObject({ 'data-trusted': 'false' });
      }
    }
  });
});
