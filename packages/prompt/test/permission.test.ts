import { createManualClock, type ToolAnnotations } from '@mcp-consent/engine';
import { supportedLocales } from '@mcp-consent/i18n';
import {
  createPermissionPrompt,
  permissionAnatomy,
  type PermissionPromptOptions,
} from '@mcp-consent/prompt';
import { describe, expect, it, vi } from 'vitest';
import { DANGEROUS, hostile, promptRequest, server, tools, trustedServer } from './support.js';

const open = (
  request: ReturnType<typeof promptRequest>,
  options: Partial<PermissionPromptOptions> = {},
) => {
  const clock = createManualClock();
  const onAnswer = vi.fn();
  const prompt = createPermissionPrompt(request, { clock, guardMs: 500, onAnswer, ...options });
  return { prompt, clock, onAnswer, api: () => prompt.connect() };
};

describe('permission prompt: risk badge', () => {
  it.each([
    [
      'low',
      tools.readOnly,
      trustedServer,
      'success-container',
      'Low risk · read-only',
      ['The server says it only reads data', 'You marked this server as trusted'],
    ],
    [
      'medium',
      tools.readOnly,
      server,
      'warning-container',
      'Medium risk',
      ['The server says it only reads data', 'This server is not on your trusted list'],
    ],
    [
      'medium',
      tools.idempotentWrite,
      server,
      'warning-container',
      'Medium risk',
      ['It may change data; the server says repeating it has no extra effect'],
    ],
    [
      'high',
      tools.destructive,
      server,
      'error-container',
      'High risk · may modify data',
      ['It may delete or overwrite data'],
    ],
    [
      'high',
      tools.unannotated,
      trustedServer,
      'error-container',
      'High risk · not described by the server',
      ['The server did not describe this tool, so it is treated as high risk'],
    ],
  ] as const)('%s: %o on %o', (tier, tool, target, colorRole, label, why) => {
    const { api } = open(promptRequest(tool, { server: target }));
    expect(api().risk).toMatchObject({ tier, colorRole, label });
    expect(api().risk.reasons.map((r) => r.text)).toEqual(why);
    expect(api().props['risk-badge']).toMatchObject({
      'data-tier': tier,
      'data-color-role': colorRole,
    });
  });

  it('explains a server raising or being refused a lower tier', () => {
    const raised = { ...tools.readOnly, _meta: { koder: { risk: 'high' } } };
    expect(
      open(promptRequest(raised, { server: trustedServer }))
        .api()
        .risk.reasons.at(-1)?.text,
    ).toBe('The server rates this tool as riskier');
    const lowered = { ...tools.destructive, _meta: { koder: { risk: 'low' } } };
    expect(open(promptRequest(lowered)).api().risk.reasons.at(-1)?.text).toBe(
      'The server claims a lower risk, but it is not trusted, so the claim was ignored',
    );
  });

  it('shows the tier the engine sent, without re-deriving it', () => {
    const request = {
      ...promptRequest(tools.destructive),
      risk: { tier: 'low' as const, reasons: [], source: 'annotations' as const },
    };
    expect(open(request).api().risk).toMatchObject({
      tier: 'low',
      colorRole: 'success-container',
      reasons: [],
    });
  });
});

describe('permission prompt: effect lines (R1)', () => {
  const effects = (annotations: ToolAnnotations | undefined) =>
    open(promptRequest({ name: 't', annotations })).api().effects;

  it('says so for an unannotated tool and lists the assumed worst case', () => {
    const result = effects(undefined);
    expect(result.unannotated).toBe(true);
    expect(result.unannotatedText).toBe(
      'The server did not say what this tool does. Assume the worst:',
    );
    expect(result.lines.map((l) => [l.effect, l.source])).toEqual([
      ['writes', 'assumed'],
      ['destructive', 'assumed'],
      ['not_idempotent', 'assumed'],
      ['open_world', 'assumed'],
    ]);
  });

  it("words declared hints as the server's claim and absent ones as assumptions, read-only hiding destructive and idempotent", () => {
    const result = effects({ title: 'Search the web', readOnlyHint: true });
    expect(result.lines.map((l) => l.text)).toEqual([
      'The server says it only reads data',
      'May reach systems outside this app, such as the internet — the server did not say',
    ]);
    expect(result.lines.map((l) => l.source)).toEqual(['declared', 'assumed']);
    expect(result.lines[0]!.sourceText).toBe('Declared by the server');
    expect(result.lines[1]!.sourceText).toBe('Assumed: the server did not say');
  });

  it('never states a declared write as fact (notes_put: "Only add data" was told as fact)', () => {
    const result = effects({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    expect(result.lines.map((l) => l.text)).toEqual([
      'The server says it changes data or state',
      'The server says it only adds data, without deleting or overwriting',
      'May have an extra effect each time it is repeated — the server did not say',
      'The server says it stays within its own systems',
    ]);
  });
});

describe('permission prompt: actions (R3, N3)', () => {
  it('focuses Allow once by default for a non-destructive tool, with every action enabled', () => {
    const api = open(promptRequest(tools.readOnly)).api();
    expect(api.defaultFocus).toBe('allow_once');
    expect(api.focused).toBe('allow_once');
    expect(api.actions.map((a) => [a.choice, a.label, a.shortcut, a.enabled])).toEqual([
      ['allow_once', 'Allow once', '1', true],
      ['allow_always', 'Allow always', '2', true],
      ['deny_once', 'Deny once', '3', true],
      ['deny_always', 'Deny always', '4', true],
    ]);
    expect(api.escapeAction).toBe('deny_once');
  });

  it('disables Allow always for a destructive tool with the localized reason in pt-BR, and focuses Deny once', () => {
    const api = open(promptRequest(tools.destructive), { locale: 'pt-BR' }).api();
    const allowAlways = api.actions.find((a) => a.choice === 'allow_always')!;
    expect(allowAlways).toMatchObject({
      label: 'Permitir sempre',
      enabled: false,
      disabledReason:
        'Permitir sempre não está disponível para ferramentas que podem apagar ou sobrescrever dados.',
    });
    expect(api.getActionProps('allow_always')).toMatchObject({
      'aria-disabled': 'true',
      'aria-describedby': api.getActionReasonProps('allow_always').id,
      title: allowAlways.disabledReason,
    });
    expect(api.defaultFocus).toBe('deny_once');
    expect(api.actions.find((a) => a.choice === 'deny_once')).toMatchObject({
      isDefault: true,
      focused: true,
      emphasis: 'primary',
    });
  });

  it('treats an unannotated tool as destructive (MCP defaults)', () => {
    const api = open(promptRequest(tools.unannotated)).api();
    expect(api.defaultFocus).toBe('deny_once');
    expect(api.actions[1]!.disabledReason).toMatch(/may delete or overwrite/);
  });

  it('gives a neutral reason when the host disabled Allow always for another reason', () => {
    const api = open({ ...promptRequest(tools.readOnly), allowAlwaysEnabled: false }).api();
    expect(api.actions[1]!.disabledReason).toBe('Allow always is not available for this request.');
  });

  it('refuses a disabled action from a click or its number key', () => {
    const { api, clock, onAnswer } = open(promptRequest(tools.destructive));
    clock.advance(500);
    expect(api().choose('allow_always')).toEqual({ accepted: false, reason: 'disabled' });
    expect(api().handleKey('2')).toMatchObject({ accepted: false, reason: 'disabled' });
    expect(onAnswer).not.toHaveBeenCalled();
    expect(api().status).toBe('open');
  });

  it('shows the Allow always lifetime when the host passes it', () => {
    const api = open(promptRequest(tools.readOnly, { server: trustedServer }), {
      allowAlwaysExpiresInMs: 7 * 86_400_000,
    }).api();
    expect(api.actions[1]!.detail).toBe('expires in 7 days');
  });
});

describe('permission prompt: input guard', () => {
  it('ignores answers until the guard window has passed on the injected clock', () => {
    const { api, clock, onAnswer } = open(promptRequest(tools.readOnly));
    expect(api().guard.active).toBe(true);
    expect(api().props.root).toMatchObject({ 'data-guard': 'active' });
    expect(api().handleKey('Enter')).toMatchObject({
      intent: 'answer',
      choice: 'allow_once',
      accepted: false,
      reason: 'guard',
    });
    expect(api().choose('allow_once')).toEqual({ accepted: false, reason: 'guard' });
    clock.advance(499);
    expect(api().handleKey('1')).toMatchObject({ accepted: false, reason: 'guard' });
    clock.advance(1);
    expect(api().guard.active).toBe(false);
    expect(api().handleKey('1')).toMatchObject({ accepted: true, choice: 'allow_once' });
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith('allow_once');
  });

  it('notifies subscribers when the guard lifts, so renderers can re-render', () => {
    const { prompt, clock } = open(promptRequest(tools.readOnly));
    const listener = vi.fn();
    prompt.subscribe(listener);
    clock.advance(500);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(prompt.connect().guard.active).toBe(false);
  });

  it('honours a configured window and can be re-armed', () => {
    const { prompt, clock } = open(promptRequest(tools.readOnly), { guardMs: 2000 });
    clock.advance(1500);
    expect(prompt.connect().choose('deny_once')).toMatchObject({ reason: 'guard' });
    clock.advance(500);
    prompt.rearm();
    expect(prompt.connect().choose('deny_once')).toMatchObject({ reason: 'guard' });
    clock.advance(2000);
    expect(prompt.connect().choose('deny_once')).toEqual({ accepted: true });
  });

  it('never takes a held (auto-repeated) key or IME input as an answer', () => {
    const { api, clock, onAnswer } = open(promptRequest(tools.readOnly));
    clock.advance(1000);
    expect(api().handleKey({ key: 'Enter', repeat: true })).toMatchObject({ accepted: false });
    expect(api().handleKey({ key: '1', isComposing: true })).toMatchObject({ accepted: false });
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('permission prompt: keyboard', () => {
  it('Escape is Deny once, never Deny always', () => {
    const { api, clock, onAnswer } = open(promptRequest(tools.readOnly));
    clock.advance(500);
    expect(api().handleKey('Escape')).toMatchObject({ accepted: true, choice: 'deny_once' });
    expect(onAnswer).toHaveBeenCalledWith('deny_once');
  });

  it('leaves host shortcuts alone', () => {
    const { api, clock } = open(promptRequest(tools.readOnly));
    clock.advance(500);
    expect(api().handleKey({ key: '1', ctrlKey: true })).toEqual({ handled: false });
    expect(api().handleKey({ key: 'Enter', metaKey: true })).toEqual({ handled: false });
    expect(api().handleKey('x')).toEqual({ handled: false });
  });

  it('moves focus through the R1 rows with arrows, reversed left/right in Arabic', () => {
    const ltr = open(promptRequest(tools.readOnly));
    expect(ltr.api().actionRows).toEqual([
      ['deny_always', 'deny_once'],
      ['allow_once', 'allow_always'],
    ]);
    expect(ltr.api().handleKey('ArrowRight')).toMatchObject({ focused: 'allow_always' });
    expect(ltr.api().handleKey('ArrowRight')).toMatchObject({ focused: 'deny_always' });
    expect(ltr.api().handleKey('End')).toMatchObject({ focused: 'allow_always' });
    const rtl = open(promptRequest(tools.readOnly), { locale: 'ar' });
    expect(rtl.api().handleKey('ArrowLeft')).toMatchObject({ focused: 'allow_always' });
  });

  it('Enter activates the focused action once the guard is over', () => {
    const { api, clock, onAnswer } = open(promptRequest(tools.readOnly));
    api().focus('deny_always');
    clock.advance(500);
    expect(api().handleKey('Enter')).toMatchObject({ accepted: true, choice: 'deny_always' });
    expect(onAnswer).toHaveBeenCalledWith('deny_always');
    expect(api().handleKey('Enter')).toMatchObject({ accepted: false, reason: 'settled' });
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('numbers actions in list layout order for terminals', () => {
    const { api } = open(promptRequest(tools.readOnly), { layout: 'list' });
    expect(api().handleKey('ArrowDown')).toMatchObject({ focused: 'allow_always' });
    expect(
      api()
        .keymap.filter((b) => b.intent === 'choose')
        .map((b) => [b.keys[0], b.action]),
    ).toEqual([
      ['1', 'allow_once'],
      ['2', 'allow_always'],
      ['3', 'deny_once'],
      ['4', 'deny_always'],
    ]);
  });
});

describe('permission prompt: accessibility (R8)', () => {
  it('is a modal dialog labelled by the title and summary and described by risk and effects', () => {
    const api = open(promptRequest(tools.destructive)).api();
    expect(api.props.root).toMatchObject({
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': `${api.ids.title} ${api.ids.summary}`,
      'aria-describedby': `${api.ids.risk} ${api.ids.effects}`,
      dir: 'ltr',
      lang: 'en-US',
    });
    expect(api.props.summary).toMatchObject({ id: api.ids.summary });
    expect(api.props['tool-name']).toMatchObject({ id: api.ids.toolName });
    expect(api.props.title).toMatchObject({ id: api.ids.title });
  });

  it('announces the summary, the risk badge and the effect lines', () => {
    const api = open(promptRequest(tools.destructive)).api();
    expect(api.announcement).toBe(
      'Permission request. Run “Delete file” with “/tmp/a.txt” on Files — the server says it may delete or overwrite data. High risk · may modify data. This tool will: The server says it changes data or state, The server says it may delete or overwrite existing data, May have an extra effect each time it is repeated — the server did not say, The server says it stays within its own systems',
    );
  });

  it('names every part it gives attributes for in the anatomy', () => {
    const api = open(promptRequest(tools.readOnly)).api();
    const parts = [
      ...Object.values(api.props),
      api.getActionProps('allow_once'),
      api.getActionReasonProps('allow_always'),
      api.getEffectProps(0),
    ].map((props) => props!['data-part']);
    for (const part of parts) expect(permissionAnatomy).toContain(part);
    expect(new Set(permissionAnatomy).size).toBe(permissionAnatomy.length);
  });

  it('builds element ids from a hostile request id safely', () => {
    const api = open({ ...promptRequest(tools.readOnly), id: '"><img src=x>' }).api();
    expect(api.ids.root).toMatch(/^mcp-consent-[A-Za-z0-9_-]+$/);
  });
});

describe('permission prompt: locales', () => {
  it.each(supportedLocales)('%s: localized copy, direction and queue position', (locale) => {
    const api = open(promptRequest(tools.readOnly, { server: trustedServer, queueLength: 3 }), {
      locale,
    }).api();
    expect(api.locale).toBe(locale);
    expect(api.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(api.props.root).toMatchObject({ dir: api.dir, lang: locale });
    expect(api.queue.visible).toBe(true);
    expect(api.queue.text).toContain('3');
    for (const text of [
      api.title,
      api.server.from,
      api.risk.label,
      api.effects.heading,
      api.keyHint,
      ...api.actions.map((a) => a.label),
    ]) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/^mcp\./);
    }
    if (locale !== 'en-US') expect(api.title).not.toBe('Allow this tool to run?');
  });

  it('uses the R9 copy in pt-BR', () => {
    const api = open(promptRequest(tools.readOnly, { server: trustedServer }), {
      locale: 'pt-BR',
    }).api();
    expect(api.title).toBe('Permitir execução desta ferramenta?');
    expect(api.server.from).toBe('Do servidor Docs');
    expect(api.risk.label).toBe('Risco baixo · somente leitura');
  });

  it('shows "1 of 3" and hides the queue position for a single prompt', () => {
    expect(open(promptRequest(tools.readOnly, { queueLength: 3 })).api().queue).toMatchObject({
      text: '1 of 3',
      visible: true,
    });
    expect(open(promptRequest(tools.readOnly)).api().queue.visible).toBe(false);
  });
});

describe('permission prompt: notices', () => {
  it('says an earlier approval expired', () => {
    const request = {
      ...promptRequest(tools.readOnly),
      lookup: { status: 'prompt' as const, reason: 'expired' as const },
    };
    expect(open(request).api().notices).toEqual([
      { kind: 'expired', text: 'Your earlier approval expired' },
    ]);
  });

  it('says what changed in a pinned tool definition in the change box, not as a notice', () => {
    const request = {
      ...promptRequest(tools.readOnly),
      lookup: {
        status: 'prompt' as const,
        reason: 'definition_changed' as const,
        changed: ['description' as const, 'inputSchema' as const],
      },
    };
    expect(open(request).api().notices).toEqual([]);
    expect(open(request).api().change?.summary).toBe(
      'Since you chose Allow always, the server changed the tool’s description and input schema. The earlier version is not available, so the differences cannot be shown.',
    );
    expect(open(request, { locale: 'de-DE' }).api().change?.summary).toContain(
      'Beschreibung und Eingabeschema',
    );
  });

  it('explains a prompt caused by a store that is not ready or failed', () => {
    for (const reason of ['not_ready', 'store_failed'] as const) {
      const request = {
        ...promptRequest(tools.readOnly),
        lookup: { status: 'prompt' as const, reason },
      };
      expect(open(request).api().notices[0]!.text).toMatch(/so you are asked to be safe$/);
    }
  });

  it('says an app asked for the call, not the model, with its name cleaned (MCP Apps)', () => {
    const request = promptRequest(tools.readOnly);
    const fromApp = {
      ...request,
      call: { ...request.call, requestedBy: { kind: 'app' as const, app: `Board${hostile.bidi}` } },
    };
    const notices = open(fromApp).api().notices;
    expect(notices[0]!.kind).toBe('requested_by_app');
    expect(notices[0]!.text).toMatch(/^The app “Board.*” asked for this call, not the AI model$/);
    expect(notices[0]!.text).not.toMatch(DANGEROUS);
    expect(open(fromApp, { locale: 'pt-BR' }).api().notices[0]!.text).toMatch(/^O app “Board/);
    expect(
      open(request)
        .api()
        .notices.map((notice) => notice.kind),
    ).not.toContain('requested_by_app');
  });

  it('closes when the engine aborts the request elsewhere', () => {
    const controller = new AbortController();
    const { api, clock, onAnswer, prompt } = open(
      promptRequest(tools.readOnly, { signal: controller.signal }),
    );
    const listener = vi.fn();
    prompt.subscribe(listener);
    controller.abort();
    expect(listener).toHaveBeenCalled();
    expect(api().status).toBe('closed');
    expect(api().notices.at(-1)?.kind).toBe('settled_elsewhere');
    clock.advance(1000);
    expect(api().choose('allow_once')).toEqual({ accepted: false, reason: 'settled' });
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('permission prompt: arguments', () => {
  it('shows a preview, then everything after Show more', () => {
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`key${i}`, i]));
    const { api } = open(promptRequest(tools.readOnly, { args }));
    expect(api().args).toMatchObject({
      truncated: true,
      expanded: false,
      toggleLabel: 'Show more',
      moreText: '20 more lines',
    });
    expect(api().props['args-toggle']).toMatchObject({
      'aria-expanded': 'false',
      'aria-controls': api().ids.args,
    });
    api().toggleArgs();
    expect(api().args).toMatchObject({ expanded: true, toggleLabel: 'Show less', moreText: null });
    expect(api().args.text).toContain('"key29": 29');
  });

  it('redacts secrets and says how many', () => {
    const api = open(
      promptRequest(tools.readOnly, { args: { q: 'x', password: 'p', nested: { token: 't' } } }),
    ).api();
    expect(api.args.text).not.toMatch(/"p"|"t"/);
    expect(api.args.redactedText).toBe('2 secret-looking values are hidden');
  });

  it('says when there are no arguments', () => {
    expect(open(promptRequest(tools.readOnly, { args: {} })).api().args).toMatchObject({
      empty: true,
      text: 'No arguments',
      toggleLabel: null,
    });
  });
});

describe('permission prompt: hostile server text', () => {
  it.each(Object.entries(hostile))('%s in every server field is shown safely', (_name, text) => {
    const tool = {
      name: text,
      title: text,
      description: text,
      annotations: { title: text, readOnlyHint: true },
    };
    const api = open(
      promptRequest(tool, { server: { id: 'evil', name: text }, args: { [text]: text } }),
    ).api();
    const shown = [
      api.tool.name,
      api.tool.title,
      api.tool.description,
      api.server.name,
      api.server.from,
      api.effects.lines[0]!.text,
      api.args.text,
      api.announcement,
    ];
    for (const value of shown) {
      expect(value).not.toMatch(DANGEROUS);
    }
  });

  it('hidden characters only in the arguments: the notice does not blame the server, in any locale', () => {
    for (const locale of supportedLocales) {
      const api = open(
        promptRequest(
          { name: 'write_file', annotations: { readOnlyHint: false } },
          { args: { content: 'written\u202e!' } },
        ),
        { locale },
      ).api();
      const notice = api.notices.find((n) => n.kind === 'hidden_characters');
      expect(notice, locale).toBeDefined();
      // The arguments come from the agent, not the server: no copy of this notice names it.
      expect(notice!.text, locale).not.toMatch(/server|servidor|Server|サーバー|الخادم/);
    }
  });

  it('notices hidden characters, and keeps HTML as plain text', () => {
    const api = open(
      promptRequest({ name: hostile.bidi, annotations: { readOnlyHint: true } }),
    ).api();
    expect(api.tool.name).toBe('invoice_[1 hidden character]txt.exe');
    expect(api.notices.map((n) => n.kind)).toContain('hidden_characters');
    const html = open(
      promptRequest({ name: hostile.html, annotations: { readOnlyHint: true } }),
    ).api();
    expect(html.tool.name).toBe(hostile.html.slice(0, 128));
    expect(html.notices).toEqual([]);
  });

  it('caps a 1 MB tool description and a 1 MB server name', () => {
    const huge = 'd'.repeat(1_000_000);
    const api = open(
      promptRequest(
        { name: 'x', description: huge, annotations: { readOnlyHint: true } },
        { server: { id: 's', name: huge } },
      ),
    ).api();
    expect(api.tool.description!.length).toBe(2000);
    expect(api.server.name.length).toBe(128);
    expect(api.tool.description!.endsWith('…')).toBe(true);
  });

  it('falls back to the configured server id when the name is only invisible characters', () => {
    const api = open(
      promptRequest(tools.readOnly, { server: { id: 'files', name: '\u200B\u200B' } }),
      { textMode: 'remove' },
    ).api();
    expect(api.server.name).toBe('files');
  });

  it('runs on deeply nested arguments', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = { d: deep };
    const { prompt } = open(promptRequest(tools.readOnly, { args: deep }));
    prompt.connect().toggleArgs();
    expect(prompt.connect().args.text).toContain('… (nested too deeply to show)');
  });
});
