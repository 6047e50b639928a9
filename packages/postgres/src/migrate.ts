import { ConsentError } from '@mcp-consent/engine';
import { describe, rowsOf, runScript, type Queryable } from './db.js';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from './schema.js';

/** The database holds a schema newer than this package knows: nothing was changed. */
export class SchemaTooNewError extends ConsentError {
  override name = 'SchemaTooNewError';
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `The database's mcp-consent schema is at version ${found}, newer than this version of ` +
        `@mcp-consent/postgres understands (${supported}). Upgrade the package; the database ` +
        'was left untouched.',
    );
  }
}

/** One lock for every migrating instance, so two hosts starting at once migrate once. */
const LOCK = 'SELECT pg_advisory_xact_lock(hashtext($$mcp_consent_migrate$$))';
const ALREADY = 'mcp_consent: migration already applied';

export interface MigrateResult {
  /** The schema version before and after. */
  from: number;
  to: number;
  /** The versions this call applied (none when another instance did, or nothing was due). */
  applied: number[];
}

export interface MigrateOptions {
  /**
   * Stop after this version: to stage an upgrade, or to test one against the data of an older
   * schema. The store only opens a database at `SCHEMA_VERSION`.
   * @default SCHEMA_VERSION
   */
  to?: number;
}

/**
 * Brings the database's mcp-consent tables to the newest schema (or to `options.to`): each
 * migration due runs once, in one transaction with its record in `mcp_consent_schema_version`, under an advisory lock
 * (instances starting together wait for each other; a migration another instance applied
 * meanwhile is skipped). Refuses a database whose schema is newer than this package
 * (`SchemaTooNewError`) without changing anything.
 */
export async function migrate(db: Queryable, options: MigrateOptions = {}): Promise<MigrateResult> {
  const target = options.to ?? SCHEMA_VERSION;
  await runScript(
    db,
    `${LOCK};
CREATE TABLE IF NOT EXISTS mcp_consent_schema_version (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);`,
  );
  const from = await schemaVersion(db);
  if (from > SCHEMA_VERSION) throw new SchemaTooNewError(from, SCHEMA_VERSION);
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.version <= from || migration.version > target) continue;
    if (await apply(db, migration)) applied.push(migration.version);
  }
  const to = await schemaVersion(db);
  if (to > SCHEMA_VERSION) throw new SchemaTooNewError(to, SCHEMA_VERSION);
  return { from, to, applied };
}

/** The highest migration recorded, 0 for none (or no table yet). */
export async function schemaVersion(db: Queryable): Promise<number> {
  const exists = await rowsOf<{ name: string | null }>(
    db,
    "SELECT to_regclass('mcp_consent_schema_version')::text AS name",
  );
  if (!exists[0]?.name) return 0;
  const [row] = await rowsOf<{ version: number | string | null }>(
    db,
    'SELECT max(version) AS version FROM mcp_consent_schema_version',
  );
  return Number(row?.version ?? 0);
}

/** Runs one migration as one implicit transaction; false when another instance applied it. */
async function apply(db: Queryable, migration: Migration): Promise<boolean> {
  const { version, name, sql } = migration;
  const script = `${LOCK};
DO $guard$ BEGIN
  IF EXISTS (SELECT 1 FROM mcp_consent_schema_version WHERE version >= ${version}) THEN
    RAISE EXCEPTION '${ALREADY}';
  END IF;
END $guard$;
${sql}
INSERT INTO mcp_consent_schema_version (version, name) VALUES (${version}, '${name}');`;
  try {
    await runScript(db, script);
    return true;
  } catch (error) {
    if (describe(error).includes(ALREADY)) return false;
    throw new ConsentError(
      `mcp-consent migration ${version} (${name}) failed and was rolled back: ${describe(error)}`,
      { cause: error },
    );
  }
}
