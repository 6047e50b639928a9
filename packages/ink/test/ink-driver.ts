import type { Choice } from '@mcp-consent/engine';
import { createTranslator } from '@mcp-consent/i18n';
import {
  choiceOrder,
  type ElicitationApi,
  type ElicitationFocus,
  type PermissionApi,
  type RootsApi,
} from '@mcp-consent/prompt';
import { EDIT_KEY } from '../src/ArgsEditor.js';
import { NOTE_KEY, REMEMBER_KEY } from '../src/grain-step.js';
import type { RendererDriver, ScenarioHost } from '../../../test/scenarios/driver.js';
import { createHostRuntime } from '../../../test/scenarios/host-runtime.js';
import { until } from '../../../test/scenarios/poll.js';
import { sameFocus } from '../src/elicitation-layout.js';
import { inkPrompter, type InkPrompter } from '../src/index.js';
import { foreignOutput, VirtualTerminal } from './virtual-terminal.js';

/** `KeyboardEvent.key` names as the bytes a terminal sends. */
const KEYS: Record<string, string> = {
  Enter: '\r',
  Escape: '\u001B',
  Tab: '\t',
  ArrowUp: '\u001B[A',
  ArrowDown: '\u001B[B',
  ArrowRight: '\u001B[C',
  ArrowLeft: '\u001B[D',
  Home: '\u001B[H',
  End: '\u001B[F',
  PageUp: '\u001B[5~',
  PageDown: '\u001B[6~',
  Backspace: '\u007F',
};

/** Lets Ink read stdin (next tick), flush a lone Escape (setImmediate) and render. */
export const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A screen line without the box drawing around it. */
export const unbox = (line: string) => line.replace(/^[│╭╰]\s?/, '').replace(/\s?[│╮╯]\s*$/, '');

/** The actions as the screen shows them: pointer, number, label and the reason lines below. */
export function readActions(screen: string) {
  const lines = screen.split('\n').map(unbox);
  const actions = new Map<Choice, { focused: boolean; label: string; reason: string | null }>();
  lines.forEach((line, index) => {
    const match = /^([ ›>]) (\d)\. (.*)$/.exec(line);
    const choice = match ? choiceOrder[Number(match[2]) - 1] : undefined;
    if (!match || !choice) return;
    const reason: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (!/^ {5}\S/.test(next)) break;
      reason.push(next.trim());
    }
    actions.set(choice, {
      focused: match[1] !== ' ',
      label: match[3]!.split(' · ')[0]!.trim(),
      reason: reason.length > 0 ? reason.join(' ') : null,
    });
  });
  return actions;
}

export interface InkDriverOptions {
  /** @default 200 */
  columns?: number;
  /** @default 1000 */
  rows?: number;
}

/**
 * The scenario driver for the Ink renderer: `inkPrompter` on a virtual terminal.
 * Ink runs in debug mode here (every render writes the whole frame, synchronously),
 * so `screen()` is the last frame; keys go through stdin as terminal bytes. It shows
 * elicitations too: fields and actions are reached with Tab, as a keyboard user does.
 */
export function inkDriver(options: InkDriverOptions = {}): RendererDriver {
  return {
    name: 'ink',
    async start(hostOptions) {
      const terminal = new VirtualTerminal(options.columns ?? 200, options.rows ?? 1000);
      const labels = createTranslator(hostOptions?.locale ?? 'en-US');
      let prompter: InkPrompter | undefined;
      const runtime = createHostRuntime(({ engine, clock, locale, guardMs }) => {
        const current = inkPrompter({
          engine,
          clock,
          locale,
          guardMs,
          stdin: terminal.stdin,
          stdout: terminal.stdout,
          stderr: terminal.stderr,
          color: true,
          plain: false,
          onInterrupt: () => {},
          inkOptions: { debug: true },
        });
        prompter = current;
        return {
          prompt: current.prompt,
          elicit: current.elicit,
          roots: current.roots,
          result: current.result,
          sample: current.sample,
          unmount: () => current.unmount(),
        };
      }, hostOptions);

      const open = () => prompter?.getSnapshot().current != null;
      // A debug frame starts with the scrollback (<Static>, one line per settled request);
      // the prompt is the box under it (always boxed at this size).
      const screen = () => {
        if (!open()) return '';
        const frame = terminal.lastFrame();
        const top = frame.search(/^╭/m);
        return top > 0 ? frame.slice(top) : frame;
      };
      /** The question on screen, read from its model: where the focus is, what a field holds. */
      const question = (): ElicitationApi => {
        const head = prompter?.getSnapshot().current;
        if (head?.kind !== 'elicitation') throw new Error('No elicitation is shown.');
        return head.model.connect();
      };
      // A permission prompt shows numbered actions; a dry-run preview, Don't run; a
      // question, its title.
      const shown = () => {
        const kind = prompter?.getSnapshot().current?.kind;
        if (kind === 'elicitation') return screen().includes(question().title);
        if (kind === 'roots') return screen().includes(rootsView().title);
        if (kind === 'result_review') {
          const head = prompter?.getSnapshot().current;
          return head?.kind === 'result_review' && screen().includes(head.model.connect().title);
        }
        if (kind === 'sampling') {
          const head = prompter?.getSnapshot().current;
          return head?.kind === 'sampling' && screen().includes(head.model.connect().title);
        }
        return (
          open() &&
          (screen().includes(`1. ${labels.t('mcp.permission.action.allow_once')}`) ||
            screen().includes(labels.t('mcp.dry_run.action.deny')))
        );
      };
      const rootsView = (): RootsApi => {
        const head = prompter?.getSnapshot().current;
        if (head?.kind !== 'roots') throw new Error('No roots request is shown.');
        return head.model.connect();
      };
      const send = async (bytes: string) => {
        terminal.type(bytes);
        await settle();
      };
      /** Tabs to a field or an action, as a keyboard user does (a terminal has no pointer). */
      const focus = async (wanted: ElicitationFocus) => {
        for (let i = 0; i < 20 && !sameFocus(question().focused, wanted); i++) await send('\t');
        if (!sameFocus(question().focused, wanted)) {
          throw new Error(`Tab never reached ${JSON.stringify(wanted)}.`);
        }
      };
      /** The permission prompt on screen, read from its model (option values are not on screen). */
      const permissionView = (): PermissionApi => {
        const head = prompter?.getSnapshot().current;
        if (head?.kind !== 'permission') throw new Error('No permission prompt is shown.');
        return head.model.connect();
      };
      const host: ScenarioHost = {
        request: async (call, extras) => runtime.request(call, extras),
        result: (handle) => runtime.result(handle),
        isSettled: async (handle) => runtime.isSettled(handle),
        idle: () => runtime.idle(),
        advance: async (ms) => {
          runtime.advance(ms);
          await settle();
        },
        audit: async () => runtime.audit(),
        grants: async () => runtime.grants(),
        restart: async () => {
          runtime.restart();
          await settle();
        },
        waitForPrompt: () => until(shown, 'the prompt'),
        waitForClosed: () => until(() => !open(), 'the prompt to close'),
        isOpen: async () => open(),
        screen: async () => screen(),
        press: (key) => send(KEYS[key] ?? key),
        typeAhead: (text) => send(text.replaceAll('\n', '\r')),
        focusedAction: async () =>
          [...readActions(screen())].find(([, action]) => action.focused)?.[0] ?? null,
        // A terminal has no pointer: the number key is the way to pick an action.
        click: (choice) => send(String(choiceOrder.indexOf(choice) + 1)),
        action: async (choice) => {
          const action = readActions(screen()).get(choice);
          if (!action) throw new Error(`The screen shows no ${choice} action.`);
          return { label: action.label, enabled: action.reason === null, reason: action.reason };
        },
        expandArguments: () => send('+'),
        openChange: () => send('d'),
        async pickGrain(decision, value) {
          // The numbered step of "How long, and a note": `r`, Tab to the other decision, a number.
          const view = permissionView();
          const group = view.grains?.[decision];
          const index = group?.options.findIndex((option) => option.value === value) ?? -1;
          if (!group || index < 0) throw new Error(`No ${decision} grain ${value} is offered.`);
          await send(REMEMBER_KEY);
          if (!screen().includes(`${group.label}:`)) await send('\t');
          await send(String(index + 1));
        },
        async typeNote(text) {
          await send(NOTE_KEY);
          for (const char of text) await send(char);
          await send('\r');
        },
        async editArgument(name, value) {
          // `e` edits from the first field; Tab to this one, replace its text key by key, Enter.
          const index =
            permissionView().editor?.form.fields.findIndex((f) => f.name === name) ?? -1;
          if (index < 0) throw new Error(`The prompt offers no edit of ${name}.`);
          await send(EDIT_KEY);
          for (let i = 0; i < index; i++) await send('\t');
          const shown = String(permissionView().editor!.form.fields[index]!.value);
          for (let left = [...shown].length; left > 0; left--) await send(KEYS.Backspace!);
          for (const char of value) await send(char);
          await send('\r');
        },
        elicit: async (params) => runtime.elicit(params),
        elicitation: (handle) => runtime.elicitation(handle),
        sample: async (step) => runtime.sample(step),
        sampled: (handle) => runtime.sampled(handle),
        async fill(field, value) {
          await focus({ kind: 'field', name: field });
          const view = question();
          const shownValue =
            view.mode === 'form' ? view.form.fields.find((f) => f.name === field)?.value : '';
          // Replaces what is there, one key at a time (a paste is not typing).
          for (let left = [...String(shownValue ?? '')].length; left > 0; left--) {
            await send(KEYS.Backspace!);
          }
          for (const char of value) await send(char);
        },
        // The › on the field's label row, on screen (a field scrolled out of view is not focused).
        fieldFocused: async (field) => {
          const view = question();
          const label = view.mode === 'form' && view.form.fields.find((f) => f.name === field);
          const rows = screen().split('\n').map(unbox);
          return !!label && rows.some((row) => row.startsWith(`› ${label.label}`));
        },
        async clickElicitation(action) {
          await focus({ kind: 'action', action });
          await send('\r');
        },
        askRoots: async (list) => runtime.askRoots(list),
        rootsResult: (handle) => runtime.rootsResult(handle),
        // The number key of a root ticks it.
        toggleRoot: (index) => send(String(index + 1)),
        async clickRoots(answer) {
          // Arrows to the answer (a terminal has no pointer), then Enter.
          for (let i = 0; i < 20 && rootsView().focused !== answer; i++)
            await send(KEYS.ArrowDown!);
          if (rootsView().focused !== answer) throw new Error(`Arrows never reached ${answer}.`);
          await send('\r');
        },
        reviewResult: async (ask) => runtime.reviewResult(ask),
        reviewed: (handle) => runtime.reviewed(handle),
        // A terminal has no pointer: the answer's number key (1 Send, 2 Withhold).
        clickReview: (answer) => send(answer === 'send' ? '1' : '2'),
        compromised: async () => foreignOutput(terminal.raw),
        dispose: async () => {
          runtime.dispose();
          await settle();
        },
      };
      return host;
    },
    close: async () => {},
  };
}
