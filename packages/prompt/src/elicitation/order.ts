import type { ElicitAction } from './types.js';

/**
 * The answers in the order every renderer shows them: the secondary ones first (Cancel, the
 * least binding, then Decline), the primary Accept last. Arrows move through them in this
 * order and the digits 1–3 answer by it.
 */
export const ACTIONS: readonly ElicitAction[] = ['cancel', 'decline', 'accept'];
