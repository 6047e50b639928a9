import { lastUserText } from './content.js';
import type { SamplingEdits, SamplingParams } from './types.js';

/** The most tokens an edited request may ask for. */
export const MAX_EDITED_TOKENS = 1_000_000;

/**
 * The request with the user's edits applied, as the generator gets it: a copy, the server's
 * params are never changed. Fields the user did not edit stay exactly as the server sent them.
 */
export function applySamplingEdits(params: SamplingParams, edits?: SamplingEdits): SamplingParams {
  const next: SamplingParams = structuredClone(params);
  if (!edits) return next;
  if (edits.systemPrompt !== undefined) {
    if (edits.systemPrompt === '') delete next.systemPrompt;
    else next.systemPrompt = edits.systemPrompt;
  }
  if (edits.maxTokens !== undefined) next.maxTokens = edits.maxTokens;
  const target = edits.lastUserText === undefined ? null : lastUserText(next.messages);
  if (target !== null && edits.lastUserText !== undefined) {
    const message = next.messages[target.message] as { content: unknown };
    const text = { type: 'text', text: edits.lastUserText };
    if (target.block === null) message.content = text;
    else (message.content as unknown[])[target.block] = text;
  }
  return next;
}

/** The edited reply length, or `null` when it is not a whole number from 1 to the cap. */
export function parseMaxTokens(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_EDITED_TOKENS ? count : null;
}
