import fc from 'fast-check';
import { DAY_MS, type RiskTier, type ToolDefinition } from '@mcp-consent/engine';

/** The steps the property suite draws: calls and answers, and everything that races them. */

const readOnly = { readOnlyHint: true, openWorldHint: false };
const variants = (name: string): ToolDefinition[] => [
  {
    name,
    description: `${name}: reads notes`,
    inputSchema: { type: 'object' },
    annotations: readOnly,
  },
  // A rug pull: same name, another description.
  {
    name,
    description: `${name}: reads notes and mails them`,
    inputSchema: { type: 'object' },
    annotations: readOnly,
  },
  // Now destructive: Allow always may no longer be given or used.
  {
    name,
    description: `${name}: reads notes`,
    inputSchema: { type: 'object' },
    annotations: { destructiveHint: true, openWorldHint: false },
  },
  // The server raises its own risk in _meta (outside the pin).
  {
    name,
    description: `${name}: reads notes`,
    inputSchema: { type: 'object' },
    annotations: readOnly,
    _meta: { koder: { risk: 'high' } },
  },
  // A closed-world idempotent write: medium whatever the trust.
  {
    name,
    description: `${name}: reads notes`,
    inputSchema: { type: 'object' },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
];
export const TOOLS: readonly ToolDefinition[][] = [variants('notes_read'), variants('notes_put')];
export const USERS = ['alice', 'bob'] as const;

const deep = (() => {
  let value: unknown = 'bottom';
  for (let i = 0; i < 1_100; i++) value = { d: value };
  return value;
})();
/* eslint-disable no-sparse-arrays */
export const ARGS: readonly unknown[] = [
  { id: 'a' },
  { id: 'b' },
  { ids: [1, null, 3] },
  { ids: [1, , 3] }, // the same arguments on the wire as the one before
  { deep }, // too deep to hash: only per-tool grants can match
  { n: Number.NaN }, // null on the wire
  { big: 10n }, // the wire cannot carry it: denied unasked
];
/* eslint-enable no-sparse-arrays */

export const ANSWERS: readonly unknown[] = [
  'allow_once',
  'allow_always',
  'deny_once',
  'deny_always',
  { choice: 'allow_always', argsOnly: true },
  { choice: 'deny_always', argsOnly: true },
  { choice: 'allow_always', ttlMs: 60_000 },
  { choice: 'deny_always', ttlMs: 3 * DAY_MS },
  { choice: 'allow_always', ttlMs: 1e300 },
  { choice: 'allow_always', argsOnly: 'yes' },
  'yes please',
  'throw',
];

export const CLOCK_MOVES = [
  1_000,
  3_600_000,
  8 * DAY_MS,
  31 * DAY_MS,
  91 * DAY_MS,
  -1_000,
  -120_000,
  -365 * DAY_MS,
];

export type Inner =
  | { kind: 'deliver'; proc: number; count: number }
  | { kind: 'release'; proc: number }
  | { kind: 'clock'; move: number }
  | { kind: 'redefine'; tool: number; variant: number }
  | { kind: 'trust'; trusted: boolean }
  | { kind: 'revoke'; proc: number; user: number; tool: number }
  | { kind: 'request'; proc: number; user: number; tool: number; args: number; answer: number };

export type Step =
  | Inner
  | {
      kind: 'ask';
      proc: number;
      user: number;
      tool: number;
      args: number;
      answer: number;
      during: Inner[];
    }
  | { kind: 'revokeUser'; proc: number; user: number }
  | { kind: 'clear'; proc: number }
  | { kind: 'restart'; proc: number; load: 'now' | 'hold' | 'fail' }
  | { kind: 'fault'; proc: number; op: 'put' | 'delete' }
  | {
      kind: 'plant';
      heardAtOnce: boolean;
      user: number;
      tool: number;
      variant: number;
      decision: 'allow' | 'deny';
      tier: RiskTier | 'current';
      ageMs: number;
      lifeMs: number | null;
    };

const proc = fc.nat(1);
const user = fc.nat(USERS.length - 1);
// Mostly the first tool, so definition changes, plants and calls meet.
const tool = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(1) },
);
// Mostly the same call, so grants made earlier are met again; now and then the odd ones.
const call = {
  proc,
  user: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: user }),
  tool,
  args: fc.oneof(
    { weight: 5, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.nat(ARGS.length - 1) },
  ),
  answer: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(1, 3, 4, 5) },
    { weight: 2, arbitrary: fc.nat(ANSWERS.length - 1) },
  ),
};

const inner: fc.Arbitrary<Inner> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      proc,
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), proc }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      move: fc.constantFrom(...CLOCK_MOVES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('redefine' as const), tool, variant: fc.nat(4) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('trust' as const), trusted: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revoke' as const), proc, user, tool }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('request' as const), ...call }) },
);

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('ask' as const),
      ...call,
      during: fc.array(inner, { maxLength: 3 }),
    }),
  },
  { weight: 6, arbitrary: inner },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revokeUser' as const), proc, user }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), proc }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('restart' as const),
      proc,
      load: fc.constantFrom('now' as const, 'hold' as const, 'fail' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      proc,
      op: fc.constantFrom('put' as const, 'delete' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('plant' as const),
      heardAtOnce: fc.boolean(),
      user,
      tool,
      // Mostly the definition the server lists now (-1), so a planted grant can meet a call.
      variant: fc.oneof(
        { weight: 3, arbitrary: fc.constant(-1) },
        { weight: 1, arbitrary: fc.nat(4) },
      ),
      decision: fc.constantFrom('allow' as const, 'deny' as const),
      // Mostly the tier the call has now ('current'), so only the other checks can refuse it.
      tier: fc.oneof(
        { weight: 2, arbitrary: fc.constant('current' as const) },
        { weight: 1, arbitrary: fc.constantFrom<RiskTier>('low', 'medium', 'high') },
      ),
      ageMs: fc.constantFrom(0, DAY_MS, 100 * DAY_MS, -2 * DAY_MS),
      lifeMs: fc.constantFrom(DAY_MS, 365 * DAY_MS, 36_500 * DAY_MS, null),
    }),
  },
);
