/**
 * What `grants` and `audit` call a server. Its id is a whole command line or URL, far too
 * wide for a column; the column shows the `--name` the user gave that server (kept in
 * `servers.json` of the store), else a short id, and a legend under the table maps each
 * one back to the full id. Names are only ever what the user typed: never anything a
 * server says about itself, so a server cannot pass for another.
 */
import { createHash } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { writeJsonFile } from './json-file.js';
import { clean, fit, pad, wrap } from './text.js';

/** Longest name kept, in UTF-16 code units. */
const MAX_NAME = 200;
/** Widest name shown in a column; the legend has the rest of the line. */
const NAME_COLUMNS = 20;
/** A short server id starts with this, so it never reads as a grant's 8-digit id. */
const SHORT_PREFIX = 'srv-';

interface ServersFile {
  version: 1;
  /** Server id → the `--name` last given with it. */
  names: Record<string, string>;
}

/** `servers.json` next to the grant file. */
export function serversFilePath(storeDir: string): string {
  return join(storeDir, 'servers.json');
}

/** `srv-` and the first 8 hex digits of the SHA-256 of the server id: stable, short. */
export function shortServerId(serverId: string): string {
  return SHORT_PREFIX + createHash('sha256').update(serverId).digest('hex').slice(0, 8);
}

function parse(text: string): ServersFile | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const file = value as Partial<ServersFile> | null;
  if (file?.version !== 1 || typeof file.names !== 'object' || file.names === null)
    return undefined;
  const names: Record<string, string> = {};
  for (const [id, name] of Object.entries(file.names))
    if (typeof name === 'string' && name.trim() !== '') names[id] = name;
  return { version: 1, names };
}

/**
 * The recorded names. A missing, unreadable or malformed file is no names (the listing
 * shows short ids), never an error: names only label what the grants say.
 */
export function readServerNames(file: string): Map<string, string> {
  try {
    return new Map(Object.entries(parse(readFileSync(file, 'utf8'))?.names ?? {}));
  } catch {
    return new Map();
  }
}

/**
 * Records `name` for `serverId` (a session connected with `--name`). Written to a temp
 * file and renamed into place; a malformed file is first moved aside to
 * `servers.json.corrupt`, so nothing in it is lost. Never throws: a name is a label.
 */
export async function recordServerName(
  file: string,
  serverId: string,
  name: string,
): Promise<void> {
  const wanted = name.slice(0, MAX_NAME);
  if (wanted.trim() === '') return;
  try {
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') return;
    }
    const data = text === undefined ? undefined : parse(text);
    if (data?.names[serverId] === wanted) return;
    if (text !== undefined && !data) await rename(file, `${file}.corrupt`);
    const next: ServersFile = { version: 1, names: { ...data?.names, [serverId]: wanted } };
    await writeJsonFile(file, next);
  } catch {
    // A name that could not be saved leaves the short id in the listing.
  }
}

/** The name or short id shown for each server, and the legend that spells them out. */
export interface ServerLabels {
  /** What the Server column shows for a server id (cleaned). */
  label(serverId: string): string;
  /** "  Demo          stdio:node …": one entry per server shown, wrapped to `columns`. */
  legend(columns: number): string[];
}

/**
 * Labels for the servers of one listing: each one's name when it has one that no other
 * server in the listing shares, else its short id.
 */
export function serverLabels(
  serverIds: Iterable<string>,
  names: ReadonlyMap<string, string>,
): ServerLabels {
  const ids = [...new Set(serverIds)];
  const shownName = (id: string) => {
    const name = names.get(id);
    return name === undefined ? undefined : fit(clean(name, MAX_NAME), NAME_COLUMNS);
  };
  const uses = new Map<string, number>();
  for (const id of ids) {
    const name = shownName(id);
    if (name !== undefined) uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  const labels = new Map<string, string>();
  for (const id of ids) {
    const name = shownName(id);
    labels.set(id, name !== undefined && uses.get(name) === 1 ? name : shortServerId(id));
  }
  return {
    label: (id) => labels.get(id) ?? shortServerId(id),
    legend(columns) {
      const width = Math.max(0, ...[...labels.values()].map((label) => stringWidth(label)));
      // A hanging indent under the label, unless that leaves too little room for the id.
      const hang = width + 4 <= columns / 2 ? ' '.repeat(width + 4) : '    ';
      return ids.flatMap((id) => {
        const first = `  ${pad(labels.get(id)!, width)}  `;
        const full = clean(id, 2000);
        if (!Number.isFinite(columns)) return [`${first}${full}`];
        return hang.length < first.length
          ? [first.trimEnd(), ...wrap(full, columns, hang, hang)]
          : wrap(full, columns, hang, first);
      });
    },
  };
}

/**
 * The server id that `--server-id <value>` means in a listing: an id itself, or the short
 * id or recorded name of one of `known`. A name given to several servers matches none
 * (returns `ambiguous`); a value that matches nothing is taken as an id (and lists nothing).
 */
export function resolveServer(
  value: string,
  known: Iterable<string>,
  names: ReadonlyMap<string, string>,
): { id: string } | { ambiguous: string[] } {
  const ids = [...new Set([...known, ...names.keys()])];
  if (ids.includes(value)) return { id: value };
  const short = ids.filter((id) => shortServerId(id) === value.trim().toLowerCase());
  if (short.length === 1) return { id: short[0]! };
  const named = ids.filter((id) => names.get(id) === value);
  if (named.length === 1) return { id: named[0]! };
  if (named.length > 1) return { ambiguous: named };
  return { id: value };
}
