/**
 * A server's question is tied to the approved call that is running when it asks, as the kit
 * knows that call: a confirmation asked by notes_delete (destructive by its hints) reaches the
 * renderer with a destructive origin, the non-destructive survey's question with a neutral one,
 * so the sheet's danger style never depends on the server's own words.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ToolCall } from '@mcp-consent/engine';
import type { ElicitAnswer, ElicitationRequest } from '../src/index.js';
import { CallsInFlight } from '../src/calls-in-flight.js';
import { setup, type Harness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function renderer(answer: ElicitAnswer) {
  const seen: ElicitationRequest[] = [];
  return { seen, elicit: (request: ElicitationRequest) => (seen.push(request), answer) };
}

describe('the origin of a question', () => {
  test('notes_delete asks to confirm: the question says it comes from a destructive call', async () => {
    const human = renderer({ action: 'decline' });
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'notes_delete', arguments: { id: 'groceries' } });
    expect(human.seen[0]?.origin).toEqual({ tool: 'notes_delete', destructive: true });
  });

  test('the survey (declared non-destructive) asks: the origin is not destructive', async () => {
    const human = renderer({ action: 'cancel' });
    harness = await setup('memory', { guard: { elicit: human.elicit } });
    harness.human.script('allow_once');
    await harness.guarded.callTool({ name: 'survey', arguments: {} });
    expect(human.seen[0]?.origin).toEqual({ tool: 'survey', destructive: false });
  });
});

describe('CallsInFlight', () => {
  const call = (name: string, annotations?: Record<string, unknown>): ToolCall => ({
    userId: 'u',
    workspaceId: 'w',
    server: { id: 's', name: 'S' },
    tool: { name, ...(annotations ? { annotations } : {}) },
    args: {},
  });

  test('no call running: no origin; a destructive call running wins over a later safe one', () => {
    const calls = new CallsInFlight();
    expect(calls.origin()).toBeUndefined();
    const doneDelete = calls.add(call('notes_delete', { destructiveHint: true }));
    const doneRead = calls.add(call('notes_get', { readOnlyHint: true }));
    expect(calls.origin()).toEqual({ tool: 'notes_delete', destructive: true });
    doneDelete();
    doneDelete(); // twice is once
    expect(calls.origin()).toEqual({ tool: 'notes_get', destructive: false });
    doneRead();
    expect(calls.origin()).toBeUndefined();
  });

  test('a tool the kit knows only by name counts as destructive (the MCP defaults)', () => {
    const calls = new CallsInFlight();
    calls.add(call('mystery'));
    expect(calls.origin()).toEqual({ tool: 'mystery', destructive: true });
  });
});
