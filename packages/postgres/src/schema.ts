import { APPROVALS_MIGRATION } from './approvals-schema.js';
import { COMPACT_GRANTS_MIGRATION } from './compact-grants-schema.js';
import { LOAD_TEXT_MIGRATION } from './load-text-schema.js';

/**
 * The versioned schema. Each migration runs once, in order, inside one transaction that also
 * records it in `mcp_consent_schema_version`. Never edit a released migration: add the next one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The channel every write is announced on; the payload names the key (or the scope cleared). */
export const CHANNEL = 'mcp_consent_grants';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'grants',
    sql: `
-- One row per grant key. The grant is kept whole as the engine wrote it (grant_body), beside
-- the columns the SQL orders and scopes by. A row may hold no grant and only the last revoke
-- of its key (a tombstone), so a late put of a grant given before the revoke is refused by the
-- same row lock that settles every other write of the key.
CREATE TABLE mcp_consent_grants (
  user_id      text NOT NULL,
  workspace_id text NOT NULL,
  server_id    text NOT NULL,
  tool_name    text NOT NULL,
  -- '' for a grant of every call of the tool, else the SHA-256 of its arguments.
  args_hash    text NOT NULL DEFAULT '',
  grant_key    text NOT NULL,
  grant_body   jsonb,
  -- grantOrder(grant) of @mcp-consent/engine: of two grants of a key the greater is newer.
  grant_order  text COLLATE "C",
  granted_ms   double precision,
  decision     text,
  revoked_at   text,
  revoked_ms   double precision,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, workspace_id, server_id, tool_name, args_hash)
);

-- The last clear of a user (whole_user, workspace_id '') or of one workspace of a user: no
-- grant of that scope given at or before it applies. Reads leave such grants out.
CREATE TABLE mcp_consent_clears (
  user_id      text NOT NULL,
  workspace_id text NOT NULL,
  whole_user   boolean NOT NULL,
  cleared_at   text NOT NULL,
  cleared_ms   double precision NOT NULL,
  PRIMARY KEY (user_id, whole_user, workspace_id)
);

-- Optional row-level security (not enabled here). To enforce tenant isolation in the database
-- as well as in every statement of the store: connect as a role that does not own the tables,
-- set mcp_consent.user_id for each connection (a pool per user, e.g. node-postgres
-- { options: '-c mcp_consent.user_id=alice' }), and run
--   ALTER TABLE mcp_consent_grants ENABLE ROW LEVEL SECURITY;
--   ALTER TABLE mcp_consent_clears ENABLE ROW LEVEL SECURITY;
CREATE POLICY mcp_consent_grants_own_user ON mcp_consent_grants
  USING (user_id = current_setting('mcp_consent.user_id', true))
  WITH CHECK (user_id = current_setting('mcp_consent.user_id', true));
CREATE POLICY mcp_consent_clears_own_user ON mcp_consent_clears
  USING (user_id = current_setting('mcp_consent.user_id', true))
  WITH CHECK (user_id = current_setting('mcp_consent.user_id', true));
`,
  },
  {
    version: 2,
    name: 'audit',
    sql: `
-- The audit trail (spec R6): one row per event, the event whole in \`event\`. Append-only: a
-- trigger refuses updates; only retention (pruneAudit) deletes, oldest first.
CREATE TABLE mcp_consent_audit (
  id           bigserial PRIMARY KEY,
  user_id      text NOT NULL,
  workspace_id text NOT NULL,
  event_type   text NOT NULL,
  occurred_at  timestamptz NOT NULL,
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  event        jsonb NOT NULL
);
CREATE INDEX mcp_consent_audit_by_user ON mcp_consent_audit (user_id, occurred_at DESC, id DESC);
CREATE INDEX mcp_consent_audit_by_age ON mcp_consent_audit (occurred_at);

CREATE FUNCTION mcp_consent_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'mcp_consent_audit is append-only: rows are never changed';
END $fn$;
CREATE TRIGGER mcp_consent_audit_append_only BEFORE UPDATE ON mcp_consent_audit
  FOR EACH ROW EXECUTE FUNCTION mcp_consent_audit_append_only();

-- Optional row-level security, like the grants' (not enabled here).
CREATE POLICY mcp_consent_audit_own_user ON mcp_consent_audit
  USING (user_id = current_setting('mcp_consent.user_id', true))
  WITH CHECK (user_id = current_setting('mcp_consent.user_id', true));
`,
  },
  APPROVALS_MIGRATION,
  COMPACT_GRANTS_MIGRATION,
  LOAD_TEXT_MIGRATION,
];

/** The newest schema this version of the package reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
