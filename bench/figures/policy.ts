/**
 * Policy rule lookup (issue 17, first slice): median ns per `CompiledPolicy.evaluate(call)`
 * with 1 000 rules in five layers (980 on literal tool names, 20 globs, some with argument
 * conditions), interleaved with a naive linear scan of the same compiled rules' conditions in
 * precedence order, the thing the index avoids. Wall-clock per batch of 1 024 calls.
 */
import {
  compileGlob,
  compilePolicies,
  POLICY_LAYERS,
  type PolicyCall,
  type PolicyRule,
  type PolicySource,
} from '@mcp-consent/engine';
import { interleave, median, nowNs, round } from '../lib/stats.js';
import type { Figure, Row } from '../lib/types.js';

const FIGURE = 'Policy rule lookup';
const RULES = 1000;
const CALLS = 1024;

/** The 1 000 rules in five layers (also used by the decide figure). */
export function policySources(): PolicySource[] {
  return POLICY_LAYERS.map((layer, l) => {
    const rules: PolicyRule[] = [];
    for (let i = 0; i < RULES / POLICY_LAYERS.length; i += 1) {
      const n = l * 1000 + i;
      rules.push(
        i % 50 === 0
          ? { effect: 'deny', tool: `glob_${n}_*`, args: [{ pointer: '/path', glob: '/etc/*' }] }
          : { effect: i % 3 === 0 ? 'deny' : 'ask', tool: `tool_${n}`, server: 'srv*' },
      );
    }
    return { layer, file: `${layer}.json`, policy: { version: 1, rules } };
  });
}

function callsOf(): PolicyCall[] {
  return Array.from({ length: CALLS }, (_, i) => ({
    server: i % 2 === 0 ? 'srv1' : 'other',
    tool: i % 4 === 0 ? `miss_${i}` : `tool_${(i % 5) * 1000 + (i % 200)}`,
    tier: 'medium',
    annotations: { readOnlyHint: i % 2 === 0 },
    args: { path: '/etc/passwd' },
  }));
}

/** The naive side: every rule's tool glob in rank order, no index. */
function linearScan(all: PolicySource[]): (call: PolicyCall) => boolean {
  const tools = all.flatMap((s) => s.policy.rules.map((r) => compileGlob(r.tool ?? '*')));
  return (call) => tools.some((glob) => glob.test(call.tool));
}

function time(fn: () => void, ops: number): number {
  const start = nowNs();
  fn();
  return (nowNs() - start) / ops;
}

export const policyFigure: Figure = {
  id: 'policy',
  title: FIGURE,
  async run(ctx) {
    const all = policySources();
    const policy = compilePolicies(all);
    const scan = linearScan(all);
    const calls = callsOf();
    let sink = 0;
    const reps = ctx.quick ? 20 : 100;
    const subject = () =>
      time(() => {
        for (let r = 0; r < reps; r += 1) for (const c of calls) if (policy.evaluate(c)) sink += 1;
      }, reps * CALLS);
    const baseline = () =>
      time(() => {
        for (let r = 0; r < reps; r += 1) for (const c of calls) if (scan(c)) sink += 1;
      }, reps * CALLS);
    subject();
    baseline();
    const samples = await interleave(ctx.quick ? 5 : 15, subject, baseline);
    if (sink === 0) throw new Error('no call matched a rule');
    const value = median(samples.subject);
    const row: Row = {
      figure: FIGURE,
      subject: `CompiledPolicy.evaluate, ${RULES.toLocaleString('en-US')} rules in 5 layers`,
      value: round(value, 3),
      unit: 'ns/op',
      baseline: {
        subject: 'linear scan of the tool globs',
        value: round(median(samples.baseline), 3),
      },
      ratio: round(median(samples.ratios), 3),
      goal: '< 1000 ns',
      status: value < 1000 ? 'met' : 'missed',
      note: "Wall-clock; rules are ranked once at compile time and a tool name's candidates (its literal rules and the glob rules its name matches) are worked out on its first call, so a call tests only the rules that name its tool. On the decide path: see the next figure.",
      samples: samples.subject.map((v) => round(v)),
      baselineSamples: samples.baseline.map((v) => round(v)),
    };
    return [row];
  },
};
