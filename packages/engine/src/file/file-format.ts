import { frozenCopy, grantInterner } from '../grant-copy.js';
import { isGrant, isRevocation, isTime, type Revocation, type StoreState } from '../store.js';
import type { Grant } from '../types.js';

/**
 * The on-disk format of a grant file. `revocations` and `clearedAt` are optional and written
 * only when there are any, so readers that predate them still read the grants.
 */
export interface GrantFile {
  version: 1;
  grants: Grant[];
  /** Revokes that still matter: no grant of `key` granted at or before `revokedAt` applies. */
  revocations?: Revocation[];
  /** The last clear: no grant granted at or before it applies. */
  clearedAt?: string;
}

export const FORMAT_VERSION = 1;

type ParseResult =
  { ok: true; state: StoreState } | { ok: false; problem: string; newerVersion?: number };

/** Validates a grant file's text; `problem` says what is wrong in words a user can act on. */
export function parseGrantFile(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const problem =
      text.trim() === '' ? 'it is empty' : `it is not valid JSON (${(error as Error).message})`;
    return { ok: false, problem };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      ok: false,
      problem: 'it is not a JSON object of the form { "version": 1, "grants": [...] }',
    };
  }
  const { version, grants, revocations = [], clearedAt = null } = data as Record<string, unknown>;
  if (typeof version === 'number' && Number.isInteger(version) && version > FORMAT_VERSION) {
    return { ok: false, problem: `unsupported version ${version}`, newerVersion: version };
  }
  if (version !== FORMAT_VERSION) {
    return {
      ok: false,
      problem: `"version" is ${JSON.stringify(version)}, expected ${FORMAT_VERSION}`,
    };
  }
  if (!Array.isArray(grants)) {
    return { ok: false, problem: '"grants" is missing or not an array' };
  }
  for (const [index, entry] of grants.entries()) {
    if (!isGrant(entry)) {
      return { ok: false, problem: `grants[${index}]${keyLabel(entry)} is not a valid grant` };
    }
  }
  if (!Array.isArray(revocations)) {
    return { ok: false, problem: '"revocations" is not an array' };
  }
  for (const [index, entry] of revocations.entries()) {
    if (!isRevocation(entry)) {
      return {
        ok: false,
        problem: `revocations[${index}]${keyLabel(entry)} is not a valid revocation`,
      };
    }
  }
  const interner = grantInterner();
  if (clearedAt !== null && !isTime(clearedAt)) {
    return { ok: false, problem: `"clearedAt" is ${JSON.stringify(clearedAt)}, not a time` };
  }
  return {
    ok: true,
    state: {
      // Frozen, with one pin per tool definition and one string per id: the engine then shares
      // them instead of copying, and 10⁵ grants of a few tools hold a few pins, not 10⁵.
      grants: new Map(grants.map((grant) => [grant.key, frozenCopy(grant, interner)])),
      revocations: new Map(revocations.map(({ key, revokedAt }) => [key, revokedAt])),
      clearedAt,
    },
  };
}

/** The file's text for a state. */
export function formatGrantFile(state: StoreState): string {
  const body: GrantFile = { version: FORMAT_VERSION, grants: [...state.grants.values()] };
  if (state.revocations.size > 0) {
    body.revocations = [...state.revocations].map(([key, revokedAt]) => ({ key, revokedAt }));
  }
  if (state.clearedAt !== null) body.clearedAt = state.clearedAt;
  return `${JSON.stringify(body, null, 2)}\n`;
}

function keyLabel(entry: unknown): string {
  const key =
    typeof entry === 'object' && entry !== null ? (entry as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? ` (key ${JSON.stringify(key)})` : '';
}
