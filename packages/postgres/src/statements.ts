import { CHANNEL } from './schema.js';

/**
 * The store's statements. Every one names the user ($1) and, where the store is opened for a
 * workspace, the workspace: no statement reads or writes another tenant's rows. Each write is
 * one statement that also announces what it changed (`pg_notify` is delivered on commit, to
 * every listening instance), so a write and its announcement cannot part.
 */

const KEY =
  'user_id = $1 AND workspace_id = $2 AND server_id = $3 AND tool_name = $4 AND args_hash = $5';
const COLUMNS = '(user_id, workspace_id, server_id, tool_name, args_hash)';

/** Payloads longer than PostgreSQL's 8000 bytes would fail the write: listeners resync instead. */
const notify = (payload: string) =>
  `pg_notify('${CHANNEL}', CASE WHEN octet_length(${payload}) < 7900 THEN ${payload} ELSE '{"resync":true}' END)`;
const notifyKey = (column: string) => notify(`json_build_object('key', ${column})::text`);

/** Whether a grant (its ms and decision) is voided by a revoke or clear at `at` (store.ts isVoidedBy). */
const voids = (at: string, ms: string, decision: string) =>
  `(${ms} < ${at} OR (${ms} = ${at} AND ${decision} = 'allow'))`;

/** The columns that hold a row's grant (all NULL when it holds none, `decision` first). */
export const GRANT_COLUMNS = [
  'decision',
  'grant_order',
  'granted_ms',
  'granted_at',
  'expires_at',
  'granted_by',
  'risk_tier',
  'pin_hash',
  'grain',
] as const;

/** Between the fields of a row as a load reads it (U+001F, the unit separator). */
export const FIELD_SEPARATOR = '\x1f';
const SEP = "E'\\x1f'";
/** Between the rows of a load joined into one value (U+001E, the record separator). */
export const ROW_SEPARATOR = '\x1e';

/**
 * What a load reads of each grant row, in this order (`StateTuple` of load-rows.ts): the key
 * and scope columns, which are never NULL, then the grant as columns without what only SQL
 * orders by (`decision` NULL when the row holds none, or when a clear voided it) and the
 * revoke the last clear left standing, which may be.
 */
const KEY_FIELDS = ['grant_key', 'workspace_id', 'server_id', 'tool_name', 'args_hash'];
const NULLABLE_FIELDS = [
  ...GRANT_COLUMNS.filter((column) => column !== 'grant_order' && column !== 'granted_ms'),
  'revoked_at',
];

/** Rows (`g`), pins (`p`) and the clear (`c`) of a load, each tagged by its first field. */
export const ROW_TAGS = { grant: 'g', pin: 'p', clear: 'c' } as const;

/**
 * A grant row's text as a load reads it: the fields joined by `FIELD_SEPARATOR`, NULLs as ''
 * and a last field, the bits of the NULL ones. Each row keeps it as written (`load_text`,
 * migration 5, which must agree with this); a load joins it only for a row a clear voids.
 */
export const ROW_TEXT = [
  `'${ROW_TAGS.grant}'`,
  ...KEY_FIELDS,
  ...NULLABLE_FIELDS.map((f) => `coalesce(${f}, '')`),
  `(${NULLABLE_FIELDS.map((f, i) => `(${f} IS NULL)::int * ${2 ** i}`).join(' + ')})::text`,
].join(` || ${SEP} || `);

/**
 * The state of the scope ($1 user, $2 workspace or null) as rows of one text column `r`, each
 * tagged (`ROW_TAGS`): a grant row's fields (`KEY_FIELDS`, `NULLABLE_FIELDS`) joined by
 * `FIELD_SEPARATOR`, NULLs as '' and a last field, the bits of the NULL ones (bit i for
 * nullable field i); a pin as `p`, its hash and its JSON (the user's pins, or the one key's:
 * a user has few, one per tool definition granted); the scope's last clear as `c` and its
 * time. One field per row, and no JSON to build: drivers spend most of a large load per
 * field, and PostgreSQL builds JSON slowly. A grant field holding the separator (the split then
 * gives too many fields) makes the store read again with `json`: each grant row as a JSON
 * array instead. `$3…$6` narrow it to one key. One statement reads one snapshot, and a grant is
 * written with its pin, so every pin a row names is there.
 *
 * The clears of the user are read once (the whole-user clear, and one per workspace), not per
 * row: a per-row subquery made the planner's estimate cross PostgreSQL's JIT thresholds, and
 * compiling took most of a 10⁴-row load.
 */
export const selectState = (oneKey: boolean, json = false) => `
WITH user_clear AS (
  SELECT max(cleared_ms) AS ms FROM mcp_consent_clears WHERE user_id = $1 AND whole_user),
workspace_clears AS (
  SELECT workspace_id, max(cleared_ms) AS ms FROM mcp_consent_clears
  WHERE user_id = $1 AND NOT whole_user GROUP BY workspace_id),
scoped AS (
  SELECT g.*, greatest(uc.ms, wc.ms) AS cleared_ms
  FROM mcp_consent_grants g
  CROSS JOIN user_clear uc
  LEFT JOIN workspace_clears wc ON wc.workspace_id = g.workspace_id
  WHERE g.user_id = $1 AND ($2::text IS NULL OR g.workspace_id = $2)
  ${oneKey ? 'AND g.server_id = $3 AND g.tool_name = $4 AND g.args_hash = $5 AND g.workspace_id = $6' : ''}
    AND (g.decision IS NOT NULL OR g.revoked_at IS NOT NULL)),
state AS (
  SELECT ${KEY_FIELDS.join(', ')}, load_text, cleared_ms,
    CASE WHEN cleared_ms IS NOT NULL AND ${voids('cleared_ms', 'granted_ms', 'decision')}
      THEN NULL ELSE decision END AS decision,
    granted_at, expires_at, granted_by, risk_tier, pin_hash, grain,
    CASE WHEN cleared_ms IS NOT NULL AND revoked_ms <= cleared_ms THEN NULL ELSE revoked_at END
      AS revoked_at
  FROM scoped)
SELECT ${
  json
    ? `json_build_array('${ROW_TAGS.grant}', ${[...KEY_FIELDS, ...NULLABLE_FIELDS].join(', ')})::text`
    : `CASE WHEN cleared_ms IS NULL THEN load_text ELSE ${ROW_TEXT} END`
} AS r FROM state
UNION ALL
SELECT '${ROW_TAGS.pin}' || ${SEP} || p.pin_hash || ${SEP} || p.pin::text FROM mcp_consent_pins p
WHERE p.user_id = $1
  ${oneKey ? 'AND p.pin_hash IN (SELECT pin_hash FROM mcp_consent_grants WHERE user_id = $1 AND workspace_id = $6 AND server_id = $3 AND tool_name = $4 AND args_hash = $5)' : ''}
UNION ALL
(SELECT '${ROW_TAGS.clear}' || ${SEP} || cleared_at FROM mcp_consent_clears
  WHERE user_id = $1 AND (whole_user OR ($2::text IS NOT NULL AND workspace_id = $2))
  ORDER BY cleared_ms DESC LIMIT 1)`;

/**
 * The rows of a text load (`selectState`) joined into one value by `ROW_SEPARATOR`, with their
 * count: for drivers that spend most of a load per row handed over (PGlite, through WASM). A
 * field holding the separator splits into more rows than the count, and the store reads again
 * row by row, as JSON.
 */
export const selectStateJoined = () => `
SELECT string_agg(r, E'\\x1e') AS r, count(*)::int AS n FROM (${selectState(false)}) AS loaded`;

/**
 * Put ($1–$5 key columns, $6 key, then the grant's columns in `GRANT_COLUMNS` order as $7–$15,
 * $16 the pin as JSON): stored unless a clear or the key's remembered revoke voids it, or the
 * row holds a grant as new. The row lock of ON CONFLICT makes two instances writing one key at
 * once end with the newer grant. The pin is written by the same statement (kept if it exists).
 */
export const PUT = `
WITH pinned AS (
  INSERT INTO mcp_consent_pins (user_id, pin_hash, pin)
  SELECT $1, $14, $16::jsonb WHERE $14::text IS NOT NULL
  ON CONFLICT (user_id, pin_hash) DO NOTHING),
written AS (
  INSERT INTO mcp_consent_grants AS g
    ${COLUMNS.slice(0, -1)}, grant_key, ${GRANT_COLUMNS.join(', ')})
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9::float8, $10, $11, $12, $13, $14, $15
  WHERE NOT EXISTS (SELECT 1 FROM mcp_consent_clears c
    WHERE c.user_id = $1 AND (c.whole_user OR c.workspace_id = $2)
      AND ${voids('c.cleared_ms', '$9::float8', '$7')})
  ON CONFLICT ${COLUMNS} DO UPDATE SET
    ${GRANT_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
    -- A grant newer than the revoke leaves nothing for the revoke to void.
    revoked_at = CASE WHEN EXCLUDED.granted_ms > g.revoked_ms THEN NULL ELSE g.revoked_at END,
    revoked_ms = CASE WHEN EXCLUDED.granted_ms > g.revoked_ms THEN NULL ELSE g.revoked_ms END,
    updated_at = now()
  WHERE (g.decision IS NULL OR g.grant_order IS NULL OR EXCLUDED.grant_order > g.grant_order)
    AND NOT (g.revoked_ms IS NOT NULL AND ${voids('g.revoked_ms', 'EXCLUDED.granted_ms', 'EXCLUDED.decision')})
  RETURNING grant_key)
SELECT ${notifyKey('grant_key')} FROM written`;

const NO_GRANT = GRANT_COLUMNS.map((c) => `${c} = NULL`).join(', ');

/**
 * Revoke ($1–$5, $6 key, $7 revokedAt, $8 its ms): remembers the later revoke and removes the
 * grant it voids, in one row update.
 */
export const REVOKE = `
WITH written AS (
  INSERT INTO mcp_consent_grants AS g ${COLUMNS.slice(0, -1)}, grant_key, revoked_at, revoked_ms)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8::float8)
  ON CONFLICT ${COLUMNS} DO UPDATE SET
    revoked_at = CASE WHEN g.revoked_ms IS NULL OR EXCLUDED.revoked_ms > g.revoked_ms
      THEN EXCLUDED.revoked_at ELSE g.revoked_at END,
    revoked_ms = CASE WHEN g.revoked_ms IS NULL OR EXCLUDED.revoked_ms > g.revoked_ms
      THEN EXCLUDED.revoked_ms ELSE g.revoked_ms END,
    ${GRANT_COLUMNS.map(
      (c) =>
        `${c} = CASE WHEN ${voids('EXCLUDED.revoked_ms', 'g.granted_ms', 'g.decision')} THEN NULL ELSE g.${c} END`,
    ).join(',\n    ')},
    updated_at = now()
  WHERE g.revoked_ms IS NULL OR EXCLUDED.revoked_ms > g.revoked_ms
    OR (g.decision IS NOT NULL AND ${voids('EXCLUDED.revoked_ms', 'g.granted_ms', 'g.decision')})
  RETURNING grant_key)
SELECT ${notifyKey('grant_key')} FROM written`;

/**
 * Delete without a revoke ($1–$5, $6 the order of the grant the caller removes, or null for any):
 * removes the key's grant unless it is newer than that one; a remembered revoke stays.
 */
export const DELETE = `
WITH gone AS (
  DELETE FROM mcp_consent_grants WHERE ${KEY} AND decision IS NOT NULL AND revoked_ms IS NULL
    AND ($6::text IS NULL OR grant_order IS NULL OR grant_order <= $6)
  RETURNING grant_key),
kept AS (
  UPDATE mcp_consent_grants SET ${NO_GRANT}, updated_at = now()
  WHERE ${KEY} AND decision IS NOT NULL AND revoked_ms IS NOT NULL
    AND ($6::text IS NULL OR grant_order IS NULL OR grant_order <= $6)
  RETURNING grant_key)
SELECT ${notifyKey('grant_key')} FROM (SELECT grant_key FROM gone UNION ALL SELECT grant_key FROM kept) k`;

const clearPayload = `json_build_object('clear', $1::text, 'workspace', $2::text)::text`;

/**
 * Clear with a time ($1 user, $2 workspace or null, $3 clearedAt, $4 its ms): the later clear of
 * the scope is remembered; reads leave out what it voids (the rows stay until a newer put).
 */
export const CLEAR_AT = `
WITH written AS (
  INSERT INTO mcp_consent_clears AS c (user_id, workspace_id, whole_user, cleared_at, cleared_ms)
  VALUES ($1, coalesce($2::text, ''), $2::text IS NULL, $3, $4::float8)
  ON CONFLICT (user_id, whole_user, workspace_id) DO UPDATE
    SET cleared_at = EXCLUDED.cleared_at, cleared_ms = EXCLUDED.cleared_ms
    WHERE EXCLUDED.cleared_ms > c.cleared_ms
  RETURNING 1)
SELECT ${notify(clearPayload)} FROM written`;

/** Clear without a time ($1 user, $2 workspace or null): every grant goes, revokes stay. */
export const CLEAR = `
WITH gone AS (
  DELETE FROM mcp_consent_grants
  WHERE user_id = $1 AND ($2::text IS NULL OR workspace_id = $2) AND revoked_ms IS NULL
  RETURNING 1),
kept AS (
  UPDATE mcp_consent_grants SET ${NO_GRANT}, updated_at = now()
  WHERE user_id = $1 AND ($2::text IS NULL OR workspace_id = $2)
    AND revoked_ms IS NOT NULL AND decision IS NOT NULL
  RETURNING 1)
SELECT ${notify(clearPayload)}, (SELECT count(*) FROM gone) + (SELECT count(*) FROM kept) AS n`;

/** The schema version the store was built for is checked once per store. */
export const SELECT_VERSION = 'SELECT max(version) AS version FROM mcp_consent_schema_version';
