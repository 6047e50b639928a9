import { FIELD_SEPARATOR, ROW_SEPARATOR, ROW_TAGS } from './statements.js';

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

/**
 * Where a load puts the grant rows it leaves unsplit (a grant and no revoke, in text): the
 * engine's index columns of each (`DeferredGrants.columns`) and the row, split when needed.
 */
export interface Unsplit {
  userId: string;
  columns: unknown[];
  texts: string[];
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
export function readLoadRows(texts: readonly unknown[], unsplit?: Unsplit): LoadRows | undefined {
  const loaded: LoadRows = { grants: [], pins: new Map(), clears: [] };
  /** One copy of each workspace, server and tool id: they repeat across a user's rows. */
  const ids = new Map<string, string>();
  const id = (text: string) => {
    const held = ids.get(text);
    if (held !== undefined) return held;
    ids.set(text, text);
    return text;
  };
  for (const text of texts) {
    if (typeof text !== 'string') throw new Error('a row of the load is not text');
    const tag = text.charAt(0);
    if (tag === '[') {
      loaded.grants.push(JSON.parse(text) as StateTuple);
    } else if (tag === ROW_TAGS.grant) {
      const nulls = fieldEnds(text);
      if (nulls < 0) return undefined;
      // A grant (bit 0: decision) and no revoke (bit 7: revoked_at): built when needed.
      if (unsplit && (nulls & 0x81) === 0x80) {
        unsplit.columns.push(
          text.slice(ends[0]! + 1, ends[1]),
          unsplit.userId,
          id(text.slice(ends[1]! + 1, ends[2])),
          id(text.slice(ends[2]! + 1, ends[3])),
          id(text.slice(ends[3]! + 1, ends[4])),
          text.slice(ends[4]! + 1, ends[5]),
        );
        unsplit.texts.push(text);
      } else loaded.grants.push(splitRow(text));
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

/** The texts of a load's rows (`selectState`), one field `r` per row. */
export const textsOf = (rows: readonly unknown[]): unknown[] =>
  rows.map((row) => (row as { r?: unknown } | null)?.r);

/**
 * The texts of a joined load (`selectStateJoined`), or undefined when they split into more rows
 * than were joined: a field holds `ROW_SEPARATOR`, and the caller reads again row by row.
 */
export function joinedTexts(rows: readonly unknown[]): string[] | undefined {
  const { r, n } = (rows[0] ?? {}) as { r?: unknown; n?: unknown };
  if (n === 0) return [];
  if (typeof r !== 'string') throw new Error('a joined load is not text');
  const texts = r.split(ROW_SEPARATOR);
  return texts.length === n ? texts : undefined;
}

/** Where each field of the row being read ends (its separator's index; the last: the length). */
const ends = new Int32Array(TEXT_FIELDS);

/**
 * Finds the fields of a text grant row (`ends`) and returns the bits of its NULL ones, or -1
 * when the row does not have exactly `TEXT_FIELDS` fields (a field holds the separator).
 */
function fieldEnds(text: string): number {
  let at = -1;
  for (let field = 0; field < TEXT_FIELDS - 1; field += 1) {
    at = text.indexOf(FIELD_SEPARATOR, at + 1);
    if (at < 0) return -1;
    ends[field] = at;
  }
  if (text.indexOf(FIELD_SEPARATOR, at + 1) >= 0) return -1;
  ends[TEXT_FIELDS - 1] = text.length;
  // As `splitRow` reads it: text that is not a number names no NULL field.
  return Number(text.slice(at + 1)) & 0xff;
}

/** A text grant row as its tuple, NULL fields as null (the row has `TEXT_FIELDS` fields). */
export function splitRow(text: string): StateTuple {
  const fields: (string | null)[] = text.split(FIELD_SEPARATOR);
  const nulls = Number(fields[TEXT_FIELDS - 1]);
  for (let bit = 0; bit < 8; bit += 1) {
    if (nulls & (1 << bit)) fields[FIRST_NULLABLE + bit] = null;
  }
  return fields as unknown as StateTuple;
}

function parsePin(text: string): { hash?: unknown; parts?: unknown } | undefined {
  try {
    const pin = JSON.parse(text) as unknown;
    return typeof pin === 'object' && pin !== null ? pin : undefined;
  } catch {
    return undefined;
  }
}
