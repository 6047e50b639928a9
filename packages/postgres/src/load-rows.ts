import { FIELD_SEPARATOR, ROW_TAGS } from './statements.js';

/**
 * A grant row of a load (`selectState`), by index: its tag, the key and scope columns, the
 * grant as columns (`decision` null when the row holds none) and a revoke. Unchecked: the store
 * checks it as it builds the grant.
 */
export type StateTuple = readonly [
  tag: unknown,
  key: unknown,
  workspaceId: unknown,
  serverId: unknown,
  toolName: unknown,
  argsHash: unknown,
  decision: unknown,
  grantedAt: unknown,
  expiresAt: unknown,
  grantedBy: unknown,
  riskTier: unknown,
  pinHash: unknown,
  grain: unknown,
  revokedAt: unknown,
];

/** The user's pins by hash (`mcp_consent_pins`), shared by the grants that name them. */
export type Pins = Map<string, unknown>;

/** What one load read, split by kind. */
export interface LoadRows {
  grants: StateTuple[];
  pins: Pins;
  /** The scope's last clear: none, or one time (unchecked). */
  clears: string[];
}

/** Fields of a text grant row: the tag, 13 columns, the bits of the NULL ones. */
const TEXT_FIELDS = 15;
/** Index of `decision`, the first of the columns that may be NULL (8 of them). */
const FIRST_NULLABLE = 6;

/**
 * Reads the rows of `selectState`. Undefined when a text grant row does not split into its
 * fields (a field holds the separator): the caller reads again with `json`. A pin whose own
 * hash is not its row's is left out, so the grants naming it are skipped as malformed; pins
 * are frozen, as the grants that share them are.
 */
export function readLoadRows(rows: readonly unknown[]): LoadRows | undefined {
  const loaded: LoadRows = { grants: [], pins: new Map(), clears: [] };
  for (const row of rows) {
    const text = (row as { r?: unknown } | null)?.r;
    if (typeof text !== 'string') throw new Error('a row of the load is not text');
    const tag = text.charAt(0);
    if (tag === '[') {
      loaded.grants.push(JSON.parse(text) as StateTuple);
    } else if (tag === ROW_TAGS.grant) {
      const fields: (string | null)[] = text.split(FIELD_SEPARATOR);
      if (fields.length !== TEXT_FIELDS) return undefined;
      const nulls = Number(fields[TEXT_FIELDS - 1]);
      for (let bit = 0; bit < 8; bit += 1) {
        if (nulls & (1 << bit)) fields[FIRST_NULLABLE + bit] = null;
      }
      loaded.grants.push(fields as unknown as StateTuple);
    } else if (tag === ROW_TAGS.pin) {
      const end = text.indexOf(FIELD_SEPARATOR, 2);
      if (end < 0) continue;
      const hash = text.slice(2, end);
      const pin = parsePin(text.slice(end + 1));
      if (pin?.hash === hash) {
        Object.freeze(pin.parts);
        loaded.pins.set(hash, Object.freeze(pin));
      }
    } else if (tag === ROW_TAGS.clear) loaded.clears.push(text.slice(2));
  }
  return loaded;
}

function parsePin(text: string): { hash?: unknown; parts?: unknown } | undefined {
  try {
    const pin = JSON.parse(text) as unknown;
    return typeof pin === 'object' && pin !== null ? pin : undefined;
  } catch {
    return undefined;
  }
}
