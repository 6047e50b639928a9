import type { PinnedPart } from './types.js';

/** The parts of a tool definition a pin hashes, in the order the hash joins them. */
export const PINNED_PARTS: readonly PinnedPart[] = [
  'name',
  'title',
  'description',
  'inputSchema',
  'annotations',
];
