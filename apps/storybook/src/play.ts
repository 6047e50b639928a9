/**
 * Keyboard paths as play functions, the same for both renderers (they render the same
 * model): the queries look through shadow roots, keys go to the focused element.
 */
import { expect, userEvent, waitFor as waitForDefault } from 'storybook/test';
import { createTranslator } from '@mcp-consent/i18n';
import {
  deepActiveElement,
  deepContains,
  deepQuery,
  deepQueryAll,
  frames,
  openSheet,
} from './dom.js';
import { GUARD_MS, handleOf } from './scenes.js';

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

/** Generous: the stories also run on busy CI machines. */
const waitFor = <T>(check: () => T | Promise<T>) => waitForDefault(check, { timeout: 10_000 });

const focusedChoice = () => deepActiveElement()?.getAttribute('data-choice') ?? null;
const focusedAction = () => deepActiveElement()?.getAttribute('data-action') ?? null;
const focusedAnswer = () => deepActiveElement()?.getAttribute('data-answer') ?? null;

async function keys(text: string): Promise<void> {
  await userEvent.keyboard(text);
  await frames();
}

/** Destructive tool: Deny once has the focus, 2 does nothing (Allow always disabled), Escape denies once. */
export const destructiveKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await waitFor(() => expect(focusedChoice()).toBe('deny_once'));
  const allowAlways = deepQuery('[data-scope="permission"] [data-choice="allow_always"]');
  await expect(allowAlways?.getAttribute('aria-disabled')).toBe('true');
  await keys('2');
  await expect(openSheet('permission')).not.toBeNull();
  await expect(scene.decisions).toEqual([]);
  await keys('{Escape}');
  await waitFor(() => expect(scene.decisions).toEqual(['deny_once']));
};

/** Number keys answer: 2 is Allow always on a tool that allows it. */
export const numberKey: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await waitFor(() => expect(focusedChoice()).toBe('allow_once'));
  await keys('2');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_always']));
};

/** Tab and Shift+Tab stay in the sheet; arrows, Home and End move between the actions; Enter answers. */
export const focusAndArrows: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const root = openSheet('permission')!;
  await waitFor(() => expect(focusedChoice()).toBe('allow_once'));
  for (let i = 0; i < 8; i++) {
    await keys('{Tab}');
    await expect(deepContains(root, deepActiveElement())).toBe(true);
  }
  for (let i = 0; i < 8; i++) {
    await keys('{Shift>}{Tab}{/Shift}');
    await expect(deepContains(root, deepActiveElement())).toBe(true);
  }
  (deepQuery('[data-scope="permission"] [data-choice="allow_once"]') as HTMLElement).focus();
  await keys('{ArrowRight}');
  await expect(focusedChoice()).toBe('allow_always');
  await keys('{ArrowLeft}{ArrowLeft}');
  await expect(focusedChoice()).toBe('deny_once');
  await keys('{Home}');
  await expect(focusedChoice()).toBe('deny_always');
  await keys('{End}');
  await expect(focusedChoice()).toBe('allow_always');
  await expect(scene.decisions).toEqual([]);
  await keys('{Enter}');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_always']));
};

/** Right to left: the arrows are mirrored (ArrowLeft moves forward). */
export const mirroredArrows: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await expect(openSheet('permission')?.getAttribute('dir')).toBe('rtl');
  await waitFor(() => expect(focusedChoice()).toBe('deny_once'));
  await keys('{ArrowLeft}');
  await expect(focusedChoice()).toBe('allow_once');
  await keys('{ArrowRight}');
  await expect(focusedChoice()).toBe('deny_once');
  await keys('3');
  await waitFor(() => expect(scene.decisions).toEqual(['deny_once']));
};

/** The input guard: a key pressed right after the sheet appears does not answer; later it does. */
export const guardKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await keys('1');
  await expect(scene.decisions).toEqual([]);
  await expect(openSheet('permission')).not.toBeNull();
  scene.clock.advance(GUARD_MS);
  await frames();
  await keys('1');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_once']));
};

/** A queue of three: one sheet ("1 of 3"); each answer brings the next call, each with its own guard. */
export const queueKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const position = createTranslator('en-US').t('mcp.permission.queue.position', {
    position: 1,
    total: 3,
  });
  await expect(
    deepQuery('[data-scope="permission"] [data-part="queue-position"]')?.textContent,
  ).toContain(position);
  const open = (part: string) =>
    deepQuery(`[data-scope="permission"][data-state="open"] [data-part="${part}"]`);
  for (const [index, [tool, key]] of [
    ['notes_put', '1'],
    ['notes_list', '4'],
    ['notes_delete', '3'],
  ].entries()) {
    await waitFor(() => expect(open('tool-name')?.textContent).toContain(tool));
    scene.clock.advance(GUARD_MS);
    await frames();
    await keys(key!);
    await waitFor(() => expect(scene.decisions.length).toBe(index + 1));
  }
  await expect(scene.decisions).toEqual(['allow_once', 'deny_always', 'deny_once']);
};

/**
 * Form: focus starts in the first field; Enter in a text field submits; an invalid submit
 * shows the errors, marks the invalid field and moves focus to it; the corrected form is
 * accepted with typed content.
 */
export const formKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await waitFor(() => expect(deepActiveElement()?.tagName).toBe('INPUT'));
  await keys('Hi{Enter}');
  const summary = () =>
    deepQuery('[data-scope="elicitation"] [data-part="error-summary"]') as HTMLElement | null;
  await waitFor(() => expect(summary()?.hidden).toBe(false));
  const folder = deepQuery('[data-scope="elicitation"] select') as HTMLSelectElement;
  await expect(folder.getAttribute('aria-invalid')).toBe('true');
  await waitFor(() => expect(deepActiveElement()).toBe(folder));
  await expect(scene.elicitations).toEqual([]);
  await userEvent.selectOptions(folder, 'work');
  (deepQueryAll('[data-scope="elicitation"] input')[0] as HTMLInputElement).focus();
  await keys('{Enter}');
  await waitFor(() => expect(scene.elicitations.length).toBe(1));
  await expect(scene.elicitations[0]).toMatchObject({
    action: 'accept',
    content: { title: 'Hi', folder: 'work', copies: 1, pinned: false },
  });
};

/**
 * Dry run (seed 001): Don't send has the focus; Tab stays in the sheet; arrows move between
 * the two actions; Enter on Send for real answers Allow once (the binding re-issues).
 */
export const dryRunKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const root = openSheet('dry-run')!;
  await waitFor(() => expect(focusedAnswer()).toBe('deny'));
  for (let i = 0; i < 6; i++) {
    await keys('{Tab}');
    await expect(deepContains(root, deepActiveElement())).toBe(true);
  }
  (deepQuery('[data-scope="dry-run"] [data-answer="deny"]') as HTMLElement).focus();
  await keys('{ArrowRight}');
  await expect(focusedAnswer()).toBe('approve');
  await keys('{ArrowLeft}');
  await expect(focusedAnswer()).toBe('deny');
  await keys('{End}');
  await expect(focusedAnswer()).toBe('approve');
  await expect(scene.decisions).toEqual([]);
  await keys('{Enter}');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_once']));
};

/**
 * A hostile hint is visible text: the only elements in it are the kit's own blocks and runs
 * (p, code, strong, em, span), none made from the server's markup; Escape is Don't send.
 */
export const dryRunHostileEscape: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const hint = deepQuery('[data-scope="dry-run"] [data-part="hint"]') as HTMLElement;
  await expect(hint.textContent).toContain('<img src=x');
  await expect(hint.querySelector(':not(p, code, strong, em, span)')).toBeNull();
  await expect(hint.querySelector('img')).toBeNull();
  await expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  await keys('{Escape}');
  await waitFor(() => expect(scene.decisions).toEqual(['deny_once']));
};

/** Right to left: ArrowLeft moves forward from Don't send; Enter on Don't send denies once. */
export const dryRunMirrored: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await expect(openSheet('dry-run')?.getAttribute('dir')).toBe('rtl');
  await waitFor(() => expect(focusedAnswer()).toBe('deny'));
  await keys('{ArrowLeft}');
  await expect(focusedAnswer()).toBe('approve');
  await keys('{ArrowRight}');
  await expect(focusedAnswer()).toBe('deny');
  await keys('{Enter}');
  await waitFor(() => expect(scene.decisions).toEqual(['deny_once']));
};

/** Escape cancels an elicitation. */
export const escapeCancels: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await keys('{Escape}');
  await waitFor(() => expect(scene.elicitations).toEqual([{ action: 'cancel' }]));
};

/** URL mode: Decline has the focus, so Enter declines (the link is never opened by accident). */
export const urlDeclineFocused: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  await waitFor(() => expect(focusedAction()).toBe('decline'));
  await keys('{Enter}');
  await waitFor(() => expect(scene.elicitations).toEqual([{ action: 'decline' }]));
};

/** Manager: Revoke with the keyboard; focus stays in the list; Revoke all asks first. */
export const managerKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const manager = deepQuery('[data-scope="manager"][data-part="root"]')!;
  const rows = () => deepQueryAll('[data-scope="manager"] [data-part="grant-row"]');
  const before = rows().length;
  await expect(before).toBeGreaterThan(1);
  (deepQuery('[data-scope="manager"] [data-part="revoke"]') as HTMLElement).focus();
  await keys('{Enter}');
  await waitFor(() => expect(rows().length).toBe(before - 1));
  await expect(deepContains(manager, deepActiveElement())).toBe(true);
  (deepQuery('[data-scope="manager"] [data-part="revoke-all"]') as HTMLElement).focus();
  await keys('{Enter}');
  const cancel = () =>
    deepQuery('[data-scope="manager"] [data-part="confirm-cancel"]') as HTMLElement | null;
  await waitFor(() => expect(cancel()?.checkVisibility()).toBe(true));
  cancel()!.focus();
  await keys('{Enter}');
  await waitFor(() => expect(cancel()?.checkVisibility() ?? false).toBe(false));
  await expect(rows().length).toBe(before - 1);
  await expect(scene.engine.grants().length).toBe(before - 1);
};

const en = createTranslator('en-US');

/**
 * Issue 17, "this session" picked: Allow always says so, and 2 answers it as a session grant
 * (in memory, with the engine's session id), not a stored Allow always.
 */
export const sessionGrainKey: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const allowAlways = deepQuery('[data-scope="permission"] [data-choice="allow_always"]');
  await expect(allowAlways?.textContent).toContain(en.t('mcp.permission.grain.allow_session'));
  (deepQuery('[data-scope="permission"] [data-choice="allow_once"]') as HTMLElement).focus();
  await keys('2');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_always']));
  const grants = scene.engine.grants();
  await expect(grants).toHaveLength(1);
  await expect(grants[0]?.sessionId).toBe(scene.engine.sessionId);
};

/** Issue 17, a rule asked: the notice names it, 2 does nothing (once only), 1 allows once. */
export const ruleAskedKeys: Play = async ({ canvasElement }) => {
  const scene = handleOf(canvasElement);
  await scene.ready;
  const notice = deepQuery(
    '[data-scope="permission"] [data-part="notice"][data-kind="policy_rule"]',
  );
  await expect(notice?.textContent).toContain(
    en.t('mcp.permission.notice.policy_rule', { rule: 2, file: 'team-rules.json' }),
  );
  await waitFor(() => expect(focusedChoice()).toBe('allow_once'));
  await keys('2');
  await expect(scene.decisions).toEqual([]);
  await keys('1');
  await waitFor(() => expect(scene.decisions).toEqual(['allow_once']));
};
