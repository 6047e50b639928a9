import type { Choice, PromptAnswer } from '@mcp-consent/engine';
import type { Translator } from '@mcp-consent/i18n';
import { createDryRunPrompt, dryRunRequestOf } from '../dry-run/index.js';
import { createElicitationPrompt } from '../elicitation/index.js';
import type { ElicitResult } from '../elicitation/index.js';
import { followQueue } from '../follow-queue.js';
import { createPermissionPrompt } from '../permission/index.js';
import { createResultReviewPrompt, type ResultReviewResult } from '../result-review/index.js';
import { createRootsPrompt, type RootsResult } from '../roots/index.js';
import { createSamplingPrompt, type SamplingAnswer } from '../sampling/index.js';
import type { Held } from './presenter.js';
import type { ConsentItem, ConsentPresenterOptions } from './presenter-types.js';

/**
 * Builds the model of the request at the head of the queue, with the presenter's options and
 * an answer callback that settles it. Throws for a request no model can be built for.
 */
export function buildItem(
  held: Held,
  options: ConsentPresenterOptions,
  translator: Translator,
  answer: (
    answer: Choice | ElicitResult | RootsResult | SamplingAnswer | ResultReviewResult,
    sent?: PromptAnswer,
  ) => void,
): ConsentItem {
  const base = {
    clock: options.clock,
    translator,
    ...(options.guardMs === undefined ? {} : { guardMs: options.guardMs }),
    ...(options.textMode === undefined ? {} : { textMode: options.textMode }),
  };
  if (held.kind === 'elicitation') {
    const { call } = held;
    const model = createElicitationPrompt(call.params, {
      ...base,
      server: call.server,
      id: held.id,
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.origin ? { origin: call.origin } : {}),
      onResult: answer,
    });
    return { kind: 'elicitation', id: held.id, call, model };
  }
  if (held.kind === 'roots') {
    const { call } = held;
    const model = createRootsPrompt(
      { id: held.id, server: call.server, roots: call.roots },
      { ...base, ...(call.signal ? { signal: call.signal } : {}), onResult: answer },
    );
    return { kind: 'roots', id: held.id, call, model };
  }
  if (held.kind === 'sampling') {
    const { call } = held;
    const model = createSamplingPrompt(call, {
      ...base,
      ...options.sampling,
      ...(call.signal ? { signal: call.signal } : {}),
      onAnswer: answer,
    });
    return { kind: 'sampling', id: held.id, call, model };
  }
  if (held.kind === 'result_review') {
    const { call } = held;
    const model = createResultReviewPrompt(
      { id: held.id, server: call.server, tool: call.tool, tier: call.tier, result: call.result },
      {
        ...base,
        ...options.resultReview,
        ...(call.signal ? { signal: call.signal } : {}),
        onResult: answer,
      },
    );
    return { kind: 'result_review', id: held.id, call, model };
  }
  const { request } = held;
  if (request.kind === 'dry_run') {
    const model = createDryRunPrompt(dryRunRequestOf(request)!, {
      ...base,
      ...options.dryRun,
      signal: request.signal,
      // Approving a preview is Allow once: the mcp package then re-issues the call.
      onAnswer: (given) => answer(given === 'approve' ? 'allow_once' : 'deny_once'),
    });
    return { kind: 'dry_run', id: held.id, request, model };
  }
  const model = createPermissionPrompt(request, {
    ...base,
    ...options.permission,
    onAnswer: answer,
  });
  if (options.engine) {
    // "1 of 3" follows the engine's queue for as long as the prompt is held.
    const unfollow = followQueue(options.engine, model);
    const detach = held.detach;
    held.detach = () => {
      unfollow();
      detach();
    };
  }
  return { kind: 'permission', id: held.id, request, model };
}
