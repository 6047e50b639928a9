import type { RiskTier, ServerRef } from './types.js';

/**
 * Above this `maxTokens` a sampling request counts as large: a few pages of text, enough to
 * spend a noticeable part of the user's model budget on one server's request.
 */
export const DEFAULT_LARGE_MAX_TOKENS = 4096;

/** Why a sampling request got its tier, in the order a sheet lists them. */
export type SamplingRiskReason =
  | 'trusted_server'
  | 'untrusted_server'
  /** The server asks the model to call tools (`tools`/`toolChoice`, 2025-11-25). */
  | 'tools_requested'
  /** `includeContext: 'thisServer'`: the host's conversation with this server goes along. */
  | 'context_this_server'
  /** `includeContext: 'allServers'` (or a value the spec does not know): every server's context. */
  | 'context_all_servers'
  /** `maxTokens` above the threshold, missing or not a positive number. */
  | 'large_max_tokens';

export interface SamplingRisk {
  tier: RiskTier;
  reasons: SamplingRiskReason[];
}

export interface SamplingRiskOptions {
  /** `maxTokens` above this is large. @default DEFAULT_LARGE_MAX_TOKENS (4096) */
  largeMaxTokens?: number;
}

/** The parts of `sampling/createMessage` params the risk reads; anything else is ignored. */
export interface SamplingRiskParams {
  maxTokens?: unknown;
  includeContext?: unknown;
  tools?: unknown;
  toolChoice?: unknown;
}

/**
 * The risk of one `sampling/createMessage` request. The server's trust comes from the host
 * (`server.trusted`), never from the request. High: the server asks for tools, for every
 * server's context, or an untrusted server asks for this server's context or a large answer.
 * Medium: an untrusted server otherwise, or a trusted one asking for context or a large answer.
 * Low: a trusted server, no tools, no context, a bounded answer. Values the spec does not know
 * count as the riskiest reading (fail closed).
 */
export function assessSampling(
  params: SamplingRiskParams,
  server: ServerRef,
  options: SamplingRiskOptions = {},
): SamplingRisk {
  const trusted = server.trusted === true;
  const reasons: SamplingRiskReason[] = [trusted ? 'trusted_server' : 'untrusted_server'];
  const tools =
    (Array.isArray(params.tools) && params.tools.length > 0) ||
    (params.toolChoice !== undefined && params.toolChoice !== null);
  if (tools) reasons.push('tools_requested');
  const context = params.includeContext;
  if (context === 'thisServer') reasons.push('context_this_server');
  else if (context !== undefined && context !== 'none') reasons.push('context_all_servers');
  const limit = options.largeMaxTokens ?? DEFAULT_LARGE_MAX_TOKENS;
  const max = params.maxTokens;
  const large = typeof max !== 'number' || !Number.isFinite(max) || max <= 0 || max > limit;
  if (large) reasons.push('large_max_tokens');
  return { tier: tierOf(trusted, reasons), reasons };
}

function tierOf(trusted: boolean, reasons: readonly SamplingRiskReason[]): RiskTier {
  if (reasons.includes('tools_requested') || reasons.includes('context_all_servers')) return 'high';
  const wider = reasons.includes('context_this_server') || reasons.includes('large_max_tokens');
  if (!trusted) return wider ? 'high' : 'medium';
  return wider ? 'medium' : 'low';
}
