import type { Migration } from './schema.js';

/**
 * Migration 3: the approval queue (seed 004). A prompt an engine is waiting on is a row, so any
 * instance or device of the same user can list it and answer it; it settles exactly once, by
 * one `UPDATE … WHERE state = 'pending'`.
 */
export const APPROVALS_MIGRATION: Migration = {
  version: 3,
  name: 'approvals',
  sql: `
-- One row per prompt waiting in some instance. summary is the request as a list shows it
-- (tool, risk tier, a bounded preview of the arguments): untrusted text from the server kept as
-- JSON data, to be shown as text through sanitizeText, never as markup.
CREATE TABLE mcp_consent_approvals (
  id           text PRIMARY KEY,
  user_id      text NOT NULL,
  workspace_id text NOT NULL,
  server_id    text NOT NULL,
  tool_name    text NOT NULL,
  summary      jsonb NOT NULL,
  -- pending, then one of the engine's answers (Choice) or expired / aborted, set once.
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'allow_once',
    'allow_always', 'deny_once', 'deny_always', 'expired', 'aborted')),
  -- The instance whose engine holds the call (and is woken when the row settles).
  requested_by text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  resolved_at  timestamptz,
  -- The instance or device that settled it (the holder itself for expired / aborted).
  resolved_by  text,
  CHECK ((state = 'pending') = (resolved_at IS NULL))
);
CREATE INDEX mcp_consent_approvals_pending ON mcp_consent_approvals (user_id, created_at)
  WHERE state = 'pending';

-- Optional row-level security, like the grants' (not enabled here).
CREATE POLICY mcp_consent_approvals_own_user ON mcp_consent_approvals
  USING (user_id = current_setting('mcp_consent.user_id', true))
  WITH CHECK (user_id = current_setting('mcp_consent.user_id', true));
`,
};
