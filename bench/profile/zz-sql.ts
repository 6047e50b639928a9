// Scratch: server + driver cost of load query variants (not committed).
import { selectState } from '../../packages/postgres/src/statements.js';
import { freshDatabase, poolOn, RAW_SELECT, seedGrants, startPostgres, userId } from '../lib/postgres.js';
import { median, nowMs } from '../lib/stats.js';

const server = await startPostgres();
const url = await freshDatabase(server.url, `zz_${process.pid}`);
const pool = poolOn(url);
await seedGrants(pool, 10, 10_000);
const SEP = "E'\\x1f'";
const nullable = ['decision', 'granted_at', 'expires_at', 'granted_by', 'risk_tier', 'pin_hash', 'grain', 'revoked_at'];
const fields = ["'g'", 'grant_key', 'workspace_id', 'server_id', 'tool_name', 'args_hash', ...nullable.map((f) => `coalesce(${f}, '')`),
  `(${nullable.map((f, i) => `(${f} IS NULL)::int * ${2 ** i}`).join(' + ')})::text`];
await pool.query(`ALTER TABLE mcp_consent_grants ADD COLUMN load_row text GENERATED ALWAYS AS (${fields.join(` || ${SEP} || `)}) STORED`);
await pool.query('VACUUM ANALYZE mcp_consent_grants');
const u = userId(3);
const variants: [string, string, unknown[]][] = [
  ['store selectState', selectState(false), [u, null]],
  ['raw 13 columns', RAW_SELECT, [u]],
  ['generated column', 'SELECT load_row AS r FROM mcp_consent_grants WHERE user_id = $1', [u]],
  ['generated, string_agg', `SELECT string_agg(load_row, E'\\x1e') AS r FROM mcp_consent_grants WHERE user_id = $1`, [u]],
  ['concat inline, string_agg', `SELECT string_agg(${fields.join(` || ${SEP} || `)}, E'\\x1e') AS r FROM mcp_consent_grants WHERE user_id = $1`, [u]],
  ['concat inline rows', `SELECT ${fields.join(` || ${SEP} || `)} AS r FROM mcp_consent_grants WHERE user_id = $1`, [u]],
];
const samples = new Map<string, number[]>();
for (let round = 0; round < 15; round++) {
  for (const [name, text, params] of variants) {
    const a = nowMs();
    const { rows } = await pool.query(text, params);
    const ms = nowMs() - a;
    if (round > 1) samples.set(name, [...(samples.get(name) ?? []), ms]);
    if (round === 0) console.log(name, rows.length);
  }
}
for (const [name, s] of samples) console.log(name.padEnd(28), median(s).toFixed(1), 'ms  min', Math.min(...s).toFixed(1));
for (const [name, text, params] of variants.slice(0, 3)) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${text}`, params);
  console.log(name, rows.map((r) => r['QUERY PLAN']).filter((l: string) => /Execution|Planning/.test(l)).join(' | '));
}
await pool.end();
await server.stop();
