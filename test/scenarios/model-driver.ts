import type { Choice } from '@mcp-consent/engine';
import {
  createDryRunPrompt,
  createPermissionPrompt,
  dryRunRequestOf,
  followQueue,
  type DryRunApi,
  type DryRunPrompt,
  type DryRunRequest,
  type PermissionPrompt,
} from '@mcp-consent/prompt';
import type { RendererDriver, ScenarioHost } from './driver.js';
import { createHostRuntime } from './host-runtime.js';
import { until } from './poll.js';

const dryRunScreen = (view: DryRunApi) =>
  [
    view.title,
    view.intro,
    view.tool.name,
    view.server.from,
    view.server.trustLabel,
    view.risk?.label ?? '',
    ...view.notices.map((notice) => notice.text),
    view.preview.heading,
    view.preview.text,
    view.preview.moreText ?? '',
    view.preview.redactedText ?? '',
    view.hint?.label ?? '',
    view.hint?.text ?? '',
    view.operatorNotice,
    ...view.actions.map((action) => action.label),
  ].join('\n');

/**
 * A reference "renderer" that shows the headless prompt model as plain text.
 * It proves the scenario list is passable from the model alone, so a renderer
 * that fails a scenario has a rendering bug, not a model one.
 */
export function modelDriver(): RendererDriver {
  return {
    name: 'model',
    async start(options) {
      let active: PermissionPrompt | undefined;
      let dryRun: DryRunPrompt | undefined;
      const runtime = createHostRuntime(({ engine, clock, locale, guardMs }) => {
        let unfollow = () => {};
        const previewDryRun = (request: DryRunRequest, signal: AbortSignal) =>
          new Promise<Choice>((resolve) => {
            const model = createDryRunPrompt(request, {
              clock,
              locale,
              guardMs,
              signal,
              onAnswer: (answer) => resolve(answer === 'approve' ? 'allow_once' : 'deny_once'),
            });
            dryRun = model;
            model.subscribe(() => {
              if (model.getState().status === 'open' || dryRun !== model) return;
              if (model.getState().status === 'closed') resolve('deny_once');
              dryRun = undefined;
              model.destroy();
            });
          });
        return {
          prompt: (request) => {
            const preview = dryRunRequestOf(request);
            if (preview) return previewDryRun(preview, request.signal);
            return new Promise<Choice>((resolve) => {
              const model = createPermissionPrompt(request, {
                clock,
                locale,
                guardMs,
                onAnswer: resolve,
              });
              active = model;
              unfollow = followQueue(engine, model);
              model.subscribe(() => {
                if (model.getState().status !== 'open' && active === model) {
                  active = undefined;
                  unfollow();
                  model.destroy();
                }
              });
            });
          },
          unmount() {
            unfollow();
            active?.destroy();
            active = undefined;
            dryRun?.destroy();
            dryRun = undefined;
          },
        };
      }, options);

      const api = () => {
        if (!active) throw new Error('No prompt is shown.');
        return active.connect();
      };
      const screen = () => {
        if (dryRun) return dryRunScreen(dryRun.connect());
        const view = api();
        return [
          view.title,
          view.tool.displayName,
          view.tool.name,
          view.tool.description ?? '',
          view.server.from,
          view.server.trustLabel,
          view.risk.label,
          ...view.risk.reasons.map((reason) => reason.text),
          view.queue.visible ? view.queue.text : '',
          ...view.notices.map((notice) => notice.text),
          view.effects.unannotatedText ?? view.effects.heading,
          ...view.effects.lines.map((line) => line.text),
          view.args.heading,
          view.args.text,
          view.args.moreText ?? '',
          view.args.redactedText ?? '',
          ...view.actions.flatMap((action) => [action.label, action.disabledReason ?? '']),
        ].join('\n');
      };
      const host: ScenarioHost = {
        request: async (call, extras) => runtime.request(call, extras),
        result: (handle) => runtime.result(handle),
        isSettled: async (handle) => runtime.isSettled(handle),
        idle: () => runtime.idle(),
        advance: async (ms) => runtime.advance(ms),
        audit: async () => runtime.audit(),
        grants: async () => runtime.grants(),
        restart: async () => runtime.restart(),
        waitForPrompt: () =>
          until(() => (active ?? dryRun)?.getState().status === 'open', 'the prompt'),
        waitForClosed: () =>
          until(() => active === undefined && dryRun === undefined, 'the prompt to close'),
        isOpen: async () => active !== undefined || dryRun !== undefined,
        screen: async () => screen(),
        press: async (key) => void (active ?? dryRun)?.connect().handleKey({ key }),
        typeAhead: async (text) => {
          for (const char of text)
            (active ?? dryRun)?.connect().handleKey({ key: char === '\n' ? 'Enter' : char });
        },
        focusedAction: async () => active?.connect().focused ?? null,
        click: async (choice) => void api().choose(choice),
        action: async (choice) => {
          const action = api().actions.find((entry) => entry.choice === choice)!;
          return { label: action.label, enabled: action.enabled, reason: action.disabledReason };
        },
        expandArguments: async () => api().toggleArgs(true),
        compromised: async () => [],
        dispose: async () => runtime.dispose(),
      };
      return host;
    },
    close: async () => {},
  };
}
