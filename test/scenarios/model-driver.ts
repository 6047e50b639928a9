import {
  createConsentPresenter,
  type ConsentItem,
  type ConsentPresenter,
  type DryRunApi,
  type ElicitationApi,
  type PermissionApi,
  type ResultReviewApi,
  type RootsApi,
  type BlockView,
  type SamplingApi,
} from '@mcp-consent/prompt';
import type { RendererDriver, ScenarioHost } from './driver.js';
import { createHostRuntime } from './host-runtime.js';
import { until } from './poll.js';

const dryRunScreen = (view: DryRunApi) => [
  view.step.text,
  view.title,
  view.server.from,
  view.server.trustLabel,
  view.risk?.label ?? '',
  ...view.notices.map((notice) => notice.text),
  view.tool.name,
  view.intro,
  view.preview.heading,
  view.preview.text,
  view.preview.moreText ?? '',
  view.preview.redactedText ?? '',
  view.hint?.heading ?? '',
  view.hint?.label ?? '',
  // The note as its blocks show it (a `code` run without its backticks).
  ...(view.hint?.blocks ?? []).map((block) => block.runs.map((run) => run.text).join('')),
  view.operatorNotice,
  ...view.actions.map((action) => action.label),
];

/** The permission sheet in the order every renderer draws it (issue 16). */
const permissionScreen = (view: PermissionApi) => [
  view.header.title,
  view.queue.visible ? view.queue.text : '',
  view.header.risk.label,
  view.summary,
  view.args.heading,
  view.args.text,
  view.args.moreText ?? '',
  view.args.redactedText ?? '',
  view.risk.heading,
  ...view.risk.reasons.map((reason) => reason.text),
  view.effects.unannotatedText ?? view.effects.heading,
  ...view.effects.lines.map((line) => line.text),
  ...fromServerScreen(view),
  ...view.notices.map((notice) => notice.text),
  view.editor?.status ?? '',
  ...view.actions.flatMap((action) => [action.label, action.disabledReason ?? '']),
];

/** The "From the server" box: the tool, the server, the description, what changed. */
const fromServerScreen = ({ fromServer: from, server, change }: PermissionApi) => [
  from.heading,
  from.name,
  from.title?.text ?? '',
  server.from,
  server.trustLabel,
  from.description?.text ?? '',
  from.descriptionToggleLabel ?? '',
  ...(change
    ? [
        change.heading,
        change.summary,
        change.toggleLabel,
        ...(change.opened
          ? change.parts.flatMap((part) => [
              part.label,
              part.segments.map((segment) => segment.text).join(''),
            ])
          : []),
      ]
    : []),
];

const elicitationScreen = (view: ElicitationApi) => [
  view.title,
  view.server.from,
  view.server.trustLabel,
  view.message.label,
  // As renderers draw it: markdown blocks, a list item with its marker.
  ...view.message.blocks.map(
    (block) =>
      (block.kind === 'item' ? `${block.marker} ` : '') +
      block.runs.map((run) => run.text).join(''),
  ),
  ...view.notices.map((notice) => notice.text),
  ...(view.mode === 'form'
    ? [
        ...view.form.fields.flatMap((field) => [
          field.label,
          field.requiredText,
          field.error ?? '',
        ]),
        view.form.errorSummary ?? '',
      ]
    : [view.url.label, view.url.text, view.url.site ?? '', view.url.notice]),
  ...view.actions.flatMap((action) => [action.label, action.detail ?? '']),
];

const rootsScreen = (view: RootsApi): string[] => [
  view.title,
  view.intro,
  view.server.from,
  ...view.notices.map((notice) => notice.text),
  ...view.items.flatMap((item) => [item.name, item.uri]),
  view.count,
  ...view.grains.map((grain) => grain.label),
  ...view.actions.map((action) => action.label),
];

const resultReviewScreen = (view: ResultReviewApi): string[] => [
  view.title,
  view.intro,
  view.server.from,
  view.toolLine,
  view.risk.label,
  ...view.notices.map((notice) => notice.text),
  view.error ?? '',
  view.contentHeading,
  view.empty ?? '',
  ...view.blocks.flatMap((block) =>
    block.kind === 'text' ? [block.text, block.more ?? ''] : [block.label],
  ),
  ...view.actions.map((action) => action.label),
];

const blockText = (block: BlockView): string =>
  block.kind === 'text' ? block.text.text : block.label;

const samplingScreen = (view: SamplingApi): string[] => [
  view.stepText,
  view.title,
  view.intro,
  view.server.name,
  view.server.trustLabel,
  view.risk.label,
  ...view.risk.reasons,
  ...view.notices.map((notice) => notice.text),
  ...view.messages.flatMap((message) => [message.roleLabel, ...message.blocks.map(blockText)]),
  ...(view.systemPrompt ? [view.systemPrompt.label, blockText(view.systemPrompt.block)] : []),
  ...view.details,
  ...(view.tools ? [view.tools.heading, ...view.tools.names] : []),
  ...(view.response
    ? [view.response.heading, view.response.model, ...view.response.blocks.map(blockText)]
    : []),
  ...view.actions.map((action) => action.label),
];

const screenOf = (item: ConsentItem): string[] =>
  item.kind === 'permission'
    ? permissionScreen(item.model.connect())
    : item.kind === 'dry_run'
      ? dryRunScreen(item.model.connect())
      : item.kind === 'roots'
        ? rootsScreen(item.model.connect())
        : item.kind === 'sampling'
          ? samplingScreen(item.model.connect())
          : item.kind === 'result_review'
            ? resultReviewScreen(item.model.connect())
            : elicitationScreen(item.model.connect());

/**
 * A reference "renderer" that shows the consent presenter's head model as plain text.
 * It proves the scenario list is passable from the presenter and the models alone, so a
 * renderer that fails a scenario has a rendering bug, not a model one.
 */
export function modelDriver(): RendererDriver {
  return {
    name: 'model',
    async start(options) {
      let presenter: ConsentPresenter | undefined;
      const runtime = createHostRuntime(({ engine, clock, locale, guardMs }) => {
        const own = createConsentPresenter({ engine, clock, locale, guardMs });
        presenter = own;
        return {
          prompt: own.prompt,
          elicit: own.elicit,
          roots: own.roots,
          result: own.result,
          sample: own.sample,
          unmount: () => own.dispose(),
        };
      }, options);

      const current = () => presenter?.getSnapshot().current ?? null;
      const open = () => current()?.model.getState().status === 'open';
      const item = () => {
        const head = current();
        if (!head) throw new Error('No prompt is shown.');
        return head;
      };
      const permission = (): PermissionApi => {
        const head = item();
        if (head.kind !== 'permission') throw new Error(`The prompt shown is a ${head.kind}.`);
        return head.model.connect();
      };
      const elicitation = (): ElicitationApi => {
        const head = item();
        if (head.kind !== 'elicitation') throw new Error(`The prompt shown is a ${head.kind}.`);
        return head.model.connect();
      };

      const roots = (): RootsApi => {
        const head = item();
        if (head.kind !== 'roots') throw new Error(`The prompt shown is a ${head.kind}.`);
        return head.model.connect();
      };

      const review = (): ResultReviewApi => {
        const head = item();
        if (head.kind !== 'result_review') throw new Error(`The prompt shown is a ${head.kind}.`);
        return head.model.connect();
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
        waitForPrompt: () => until(open, 'the prompt'),
        waitForClosed: () => until(() => current() === null, 'the prompt to close'),
        isOpen: async () => current() !== null,
        screen: async () => screenOf(item()).join('\n'),
        press: async (key) => void item().model.connect().handleKey({ key }),
        typeAhead: async (text) => {
          // Keys typed while nothing is shown go nowhere, as on a real screen.
          for (const char of text)
            current()
              ?.model.connect()
              .handleKey({ key: char === '\n' ? 'Enter' : char });
        },
        focusedAction: async () => {
          const head = current();
          return head?.kind === 'permission' ? head.model.connect().focused : null;
        },
        click: async (choice) => void permission().choose(choice),
        action: async (choice) => {
          const action = permission().actions.find((entry) => entry.choice === choice)!;
          return { label: action.label, enabled: action.enabled, reason: action.disabledReason };
        },
        expandArguments: async () => permission().toggleArgs(true),
        openChange: async () => permission().openChange(true),
        pickGrain: async (decision, value) => permission().setGrain(decision, value),
        typeNote: async (text) => permission().setNote(text),
        editArgument: async (name, value) => {
          permission().editor!.setOpen(true);
          permission().editor!.setValue(name, value);
        },
        elicit: async (params) => runtime.elicit(params),
        elicitation: (handle) => runtime.elicitation(handle),
        sample: async (step) => runtime.sample(step),
        sampled: (handle) => runtime.sampled(handle),
        fill: async (field, value) => {
          const view = elicitation();
          if (view.mode !== 'form') throw new Error('The elicitation shown is not a form.');
          view.setValue(field, value);
          view.blur(field);
        },
        fieldFocused: async (field) => {
          const { focused } = elicitation();
          return focused.kind === 'field' && focused.name === field;
        },
        clickElicitation: async (action) => void elicitation().choose(action),
        askRoots: async (list) => runtime.askRoots(list),
        rootsResult: (handle) => runtime.rootsResult(handle),
        toggleRoot: async (index) => void roots().toggle(index),
        clickRoots: async (answer) => void roots().choose(answer),
        reviewResult: async (ask) => runtime.reviewResult(ask),
        reviewed: (handle) => runtime.reviewed(handle),
        clickReview: async (answer) => void review().choose(answer),
        compromised: async () => [],
        dispose: async () => runtime.dispose(),
      };
      return host;
    },
    close: async () => {},
  };
}
