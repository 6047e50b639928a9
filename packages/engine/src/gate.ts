/**
 * What decides a call before remembered grants are read: policy rules, the permission mode, the
 * host's callback and the trusted read-only shortcut. Denials here are final; an `ask` makes
 * the engine ask whatever is remembered (a remembered denial still denies); an `allow` counts
 * only when no remembered denial covers the call. See the README table, "Policy".
 *
 * @module
 */
import type { EngineCore } from './core.js';
import type { HostVerdict } from './engine-types.js';
import type { PolicyVerdict } from './policy/types.js';
import { effectiveHints } from './risk.js';
import type {
  Assessment,
  DecisionOrigin,
  PermissionMode,
  RequestResult,
  RiskAssessment,
  ToolCall,
} from './types.js';

export type Gate =
  | {
      effect: 'deny';
      origin: Extract<DecisionOrigin, 'policy' | 'mode' | 'host_callback'>;
      rule?: PolicyVerdict;
      reason?: string;
      mode?: PermissionMode;
    }
  | { effect: 'ask'; reason: 'policy_ask' | 'policy_invalid'; rule?: PolicyVerdict }
  | {
      effect: 'allow';
      origin: Extract<DecisionOrigin, 'policy' | 'host_callback' | 'trusted_read_only'>;
      rule?: PolicyVerdict;
    };

/**
 * The result of a decision the gate took (a rule, the mode, the host callback), before a prompt
 * or after the user's allow was overruled: Allow once or Deny once, saying who decided and why.
 */
export function gateResult(
  pre: Exclude<Gate, { effect: 'ask' }>,
  facts: { risk: RiskAssessment; argsHash: string | null; call: ToolCall },
): RequestResult {
  const allowed = pre.effect === 'allow';
  return {
    allowed,
    choice: allowed ? 'allow_once' : 'deny_once',
    origin: pre.origin,
    risk: facts.risk,
    settledBy: 'rule',
    argsHash: facts.argsHash,
    call: facts.call,
    ...(pre.rule ? { rule: pre.rule } : {}),
    ...(pre.effect === 'deny' && pre.reason !== undefined ? { reason: pre.reason } : {}),
    ...(pre.effect === 'deny' && pre.mode ? { mode: pre.mode } : {}),
  };
}

/** The host callback's answer in one shape; anything unknown is no opinion. */
function readHostVerdict(
  value: HostVerdict,
): { effect: 'allow' | 'ask' | 'deny'; reason?: string } | null {
  const effect = typeof value === 'string' ? value : value?.effect;
  if (effect !== 'allow' && effect !== 'ask' && effect !== 'deny') return null;
  const reason =
    typeof value === 'object' &&
    value !== null &&
    'reason' in value &&
    typeof value.reason === 'string'
      ? value.reason
      : undefined;
  return reason === undefined ? { effect } : { effect, reason };
}

/** The gate once the host callback (if any) answered; `host` null = no opinion. */
function combine(
  core: EngineCore,
  call: ToolCall,
  host: { effect: 'allow' | 'ask' | 'deny'; reason?: string } | null,
  verdict: PolicyVerdict | null,
): Gate | null {
  if (host?.effect === 'deny') {
    return {
      effect: 'deny',
      origin: 'host_callback',
      ...(host.reason ? { reason: host.reason } : {}),
    };
  }
  // Only the valid sources' deny rules (checked before this) decide while a source is invalid.
  if (core.policy.state.status === 'invalid') {
    return { effect: 'ask', reason: 'policy_invalid' };
  }
  if (verdict?.effect === 'ask') return { effect: 'ask', reason: 'policy_ask', rule: verdict };
  if (host?.effect === 'ask') return { effect: 'ask', reason: 'policy_ask' };
  if (verdict?.effect === 'allow') return { effect: 'allow', origin: 'policy', rule: verdict };
  if (host?.effect === 'allow') return { effect: 'allow', origin: 'host_callback' };
  if (core.options.autoAllowReadOnly && call.server.trusted === true) {
    const hints = effectiveHints(call.tool.annotations);
    if (hints.readOnly && !hints.openWorld) return { effect: 'allow', origin: 'trusted_read_only' };
  }
  return null;
}

/**
 * What needs no host callback: a deny rule, or `plan` mode for a tool that is not read-only.
 * Synchronous; also checked again when the user allows (the policy or the mode may have
 * changed while the prompt was open) and on edited arguments.
 */
export function hardDenial(
  core: EngineCore,
  call: ToolCall,
  assessment: Assessment,
): { denial: Extract<Gate, { effect: 'deny' }> | null; verdict: PolicyVerdict | null } {
  const verdict =
    core.policy.compiled?.evaluate({
      server: call.server.id,
      tool: call.tool.name,
      tier: assessment.risk.tier,
      annotations: call.tool.annotations,
      args: call.args,
    }) ?? null;
  if (verdict?.effect === 'deny') {
    const denial = {
      effect: 'deny' as const,
      origin: 'policy' as const,
      rule: verdict,
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    };
    return { denial, verdict };
  }
  const mode = core.settings.mode;
  if (mode === 'plan' && !effectiveHints(call.tool.annotations).readOnly) {
    return { denial: { effect: 'deny', origin: 'mode', mode }, verdict };
  }
  return { denial: null, verdict };
}

/**
 * The gate for a checked call. Synchronous unless the host callback returns a promise; a
 * callback that throws or rejects counts as `ask` (fail closed: never an allow).
 */
export function gate(
  core: EngineCore,
  call: ToolCall,
  assessment: Assessment,
): Gate | null | Promise<Gate | null> {
  const { denial, verdict } = hardDenial(core, call, assessment);
  if (denial) return denial;
  const decide = core.options.decide;
  if (!decide) return combine(core, call, null, verdict);
  const failed = () => combine(core, call, { effect: 'ask' }, verdict);
  let answer: HostVerdict | Promise<HostVerdict>;
  try {
    answer = decide(call, assessment);
  } catch {
    return failed();
  }
  if (
    answer instanceof Promise ||
    (typeof answer === 'object' && answer !== null && 'then' in answer)
  ) {
    return Promise.resolve(answer).then(
      (value) => combine(core, call, readHostVerdict(value), verdict),
      failed,
    );
  }
  return combine(core, call, readHostVerdict(answer), verdict);
}
