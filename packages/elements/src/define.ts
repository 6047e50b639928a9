import { McpCallProgress } from './call-progress.js';
import { McpElicitationSheet } from './elicitation-sheet.js';
import { McpPermissionManager } from './permission-manager.js';
import { McpPermissionSheet } from './permission-sheet.js';
import { McpResultReviewSheet } from './result-review-sheet.js';
import { McpRootsSheet } from './roots-sheet.js';

/** The tags this package defines, and their classes. */
export const elements = {
  'mcp-permission-sheet': McpPermissionSheet,
  'mcp-elicitation-sheet': McpElicitationSheet,
  'mcp-permission-manager': McpPermissionManager,
  'mcp-roots-sheet': McpRootsSheet,
  'mcp-call-progress': McpCallProgress,
  'mcp-result-review-sheet': McpResultReviewSheet,
} as const;

/**
 * Registers every tag once; a tag already defined (by this or another copy of the
 * package) is left alone. Runs on import of `@mcp-consent/elements/define`; without a
 * DOM (server-side rendering, Node) it does nothing.
 */
export function defineElements(registry = globalThis.customElements): void {
  if (!registry) return;
  for (const [tag, element] of Object.entries(elements)) {
    if (!registry.get(tag)) registry.define(tag, element);
  }
}

defineElements();

declare global {
  interface HTMLElementTagNameMap {
    'mcp-permission-sheet': McpPermissionSheet;
    'mcp-elicitation-sheet': McpElicitationSheet;
    'mcp-permission-manager': McpPermissionManager;
    'mcp-roots-sheet': McpRootsSheet;
    'mcp-call-progress': McpCallProgress;
    'mcp-result-review-sheet': McpResultReviewSheet;
  }
}
