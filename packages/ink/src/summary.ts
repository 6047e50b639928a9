import type { Translator } from '@mcp-consent/i18n';
import type { SettledItem } from '@mcp-consent/prompt';
import { dryRunSummary } from './dry-run-layout.js';
import { elicitationSummary } from './elicitation-layout.js';
import type { Span } from './lines.js';
import { permissionSummary } from './permission-layout.js';
import { resultReviewSummary } from './result-review-layout.js';
import { rootsSummary } from './roots-layout.js';
import { samplingSummary } from './sampling-layout.js';

/**
 * The scrollback line of a settled request, from the final view of its model: what the
 * user answered, or that it was settled elsewhere. Null for a request that never reached
 * the screen, or that went away with the terminal (disposed, failed, interrupted): there
 * is no prompt left to say anything about.
 */
export function settledSummary(item: SettledItem, t: Translator): Span[] | null {
  if (item.end === 'disposed' || item.end === 'failed') return null;
  const answered = item.end === 'answered';
  switch (item.kind) {
    case 'permission':
      return item.api && permissionSummary(item.api, t, answered ? item.answer : null, item.detail);
    case 'dry_run':
      // The presenter answers a preview's Run it for real with Allow once.
      return (
        item.api &&
        dryRunSummary(
          item.api,
          t,
          answered ? (item.answer === 'allow_once' ? 'approve' : 'deny') : null,
        )
      );
    case 'elicitation':
      return item.api && elicitationSummary(item.api, t, answered ? item.answer.action : null);
    case 'roots':
      return item.api && rootsSummary(item.api, t, answered ? item.answer : null);
    case 'sampling':
      return item.api && samplingSummary(item.api, t, answered ? item.answer : null);
    case 'result_review':
      return item.api && resultReviewSummary(item.api, t, answered ? item.answer : null);
  }
}
