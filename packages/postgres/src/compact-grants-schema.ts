import type { Migration } from './schema.js';

/**
 * Migration 4: a grant as columns, its pin by hash. A user's grants share a few pins (one per
 * tool definition), so the pin is kept once per user in `mcp_consent_pins` and the row names it:
 * a 10⁴-grant load moves 2.2 MB of short text fields instead of 8 MB of JSON parsed row by row.
 * Existing rows are converted in place; a body that did not fit its row (another user, key or
 * scope, an unknown decision) stays in the table as a row the store skips and reports, as it
 * skipped it before.
 */
export const COMPACT_GRANTS_MIGRATION: Migration = {
  version: 4,
  name: 'compact grants',
  sql: `
ALTER TABLE mcp_consent_grants
  ADD COLUMN granted_at text,
  ADD COLUMN expires_at text,
  ADD COLUMN granted_by text,
  ADD COLUMN risk_tier  text,
  -- The grant's pin.hash; its pin is the row of mcp_consent_pins with this user and hash.
  ADD COLUMN pin_hash   text,
  ADD COLUMN grain      text;

-- Pins are written before (in the same statement as) any grant naming them and never deleted,
-- so a grant read by a load always finds its pin read after it.
CREATE TABLE mcp_consent_pins (
  user_id  text NOT NULL,
  pin_hash text NOT NULL,
  pin      jsonb NOT NULL,
  PRIMARY KEY (user_id, pin_hash)
);

INSERT INTO mcp_consent_pins (user_id, pin_hash, pin)
SELECT DISTINCT ON (user_id, grant_body->'pin'->>'hash') user_id, grant_body->'pin'->>'hash',
  grant_body->'pin'
FROM mcp_consent_grants
WHERE jsonb_typeof(grant_body->'pin') = 'object' AND grant_body->'pin'->>'hash' <> ''
ORDER BY user_id, grant_body->'pin'->>'hash';

UPDATE mcp_consent_grants SET
  -- The store checked these when it wrote the body; a hand-written body may not fit its row.
  decision = CASE WHEN jsonb_typeof(grant_body) = 'object'
      AND grant_body->>'key' IS NOT DISTINCT FROM grant_key
      AND grant_body->>'userId' IS NOT DISTINCT FROM user_id
      AND grant_body->>'workspaceId' IS NOT DISTINCT FROM workspace_id
      AND grant_body->>'serverId' IS NOT DISTINCT FROM server_id
      AND grant_body->>'toolName' IS NOT DISTINCT FROM tool_name
      AND coalesce(grant_body->>'argsHash', '') = args_hash
      AND grant_body->>'decision' IN ('allow', 'deny')
    THEN grant_body->>'decision' ELSE 'malformed' END,
  granted_at = grant_body->>'grantedAt',
  expires_at = grant_body->>'expiresAt',
  granted_by = grant_body->>'grantedBy',
  risk_tier = grant_body->>'riskTier',
  -- '' names no pin: a body with a pin that has no hash stays a grant the store skips.
  pin_hash = CASE WHEN grant_body ? 'pin' THEN coalesce(grant_body->'pin'->>'hash', '') END,
  grain = grant_body->>'grain'
WHERE grant_body IS NOT NULL;

ALTER TABLE mcp_consent_grants DROP COLUMN grant_body;

-- Optional row-level security, like the grants' (not enabled here).
CREATE POLICY mcp_consent_pins_own_user ON mcp_consent_pins
  USING (user_id = current_setting('mcp_consent.user_id', true))
  WITH CHECK (user_id = current_setting('mcp_consent.user_id', true));
`,
};
