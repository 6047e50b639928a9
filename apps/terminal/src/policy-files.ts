/**
 * The policy files this host reads, and what reading them found. Layers (the engine's
 * precedence, highest first, deny winning every tie):
 *
 * - `managed`: the administrator's file at a system path (see {@link managedPolicyPath}),
 *   plus any `--managed-policy FILE`;
 * - `user`: `$XDG_CONFIG_HOME/mcp-consent/policy.json` (else `~/.config/mcp-consent/…`),
 *   plus any `--policy FILE`.
 *
 * A default file that does not exist is fine; a file named on the command line that does not
 * exist is a usage error. A file that exists but cannot be read or parsed never counts as
 * "no rules": its errors are reported and the engine asks about every call (fail closed).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  parsePolicy,
  type PolicyError,
  type PolicyFile,
  type PolicyLayer,
  type PolicySource,
} from '@mcp-consent/engine';
import { configDir } from './config.js';

/** One file to read, and whether the user named it (then it must exist). */
export interface PolicyFileRef {
  layer: PolicyLayer;
  path: string;
  explicit: boolean;
}

/**
 * A located error of a policy file: the engine's, or `unreadable` with the system's error code
 * as its `message` for a file that is there but cannot be read (worded by the catalog).
 */
export type PolicyFileError = PolicyError & { unreadable?: true };

/** What reading one file found. */
export type PolicyFileState =
  | { ref: PolicyFileRef; status: 'missing' }
  | { ref: PolicyFileRef; status: 'ok'; source: PolicySource }
  | { ref: PolicyFileRef; status: 'invalid'; errors: PolicyFileError[] };

export interface LoadedPolicies {
  files: PolicyFileState[];
  /** The valid files, in layer order. */
  sources: PolicySource[];
  /** Every located error of the files that exist but are not valid. */
  errors: PolicyFileError[];
}

/** A policy file named on the command line does not exist (exit code 2). */
export class MissingPolicyError extends Error {
  override name = 'MissingPolicyError';
  constructor(readonly path: string) {
    super(path);
  }
}

/** The system-wide file an administrator pins (read when it exists). */
export function managedPolicyPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env.ProgramData ?? 'C:\\ProgramData', 'mcp-consent', 'managed-policy.json');
  if (platform === 'darwin') return '/Library/Application Support/mcp-consent/managed-policy.json';
  return '/etc/mcp-consent/managed-policy.json';
}

/** The user's default policy file, beside the store's default directory. */
export function userPolicyPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'policy.json');
}

/** The files to read, highest layer first. */
export function policyFiles(
  options: { policy: readonly string[]; managedPolicy: readonly string[] },
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): PolicyFileRef[] {
  const named = (layer: PolicyLayer) => (path: string) => ({
    layer,
    path: resolve(path),
    explicit: true,
  });
  return [
    { layer: 'managed', path: managedPolicyPath(env, platform), explicit: false },
    ...options.managedPolicy.map(named('managed')),
    { layer: 'user', path: userPolicyPath(env), explicit: false },
    ...options.policy.map(named('user')),
  ];
}

/** Reads and checks every file. Throws {@link MissingPolicyError} for a named file that is not there. */
export function loadPolicies(refs: readonly PolicyFileRef[]): LoadedPolicies {
  const files: PolicyFileState[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    // The default file named again with --policy is read once.
    const id = `${ref.layer}\n${ref.path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    files.push(readOne(ref));
  }
  return {
    files,
    sources: files.flatMap((file) => (file.status === 'ok' ? [file.source] : [])),
    errors: files.flatMap((file) => (file.status === 'invalid' ? file.errors : [])),
  };
}

function readOne(ref: PolicyFileRef): PolicyFileState {
  let text: string;
  try {
    text = readFileSync(ref.path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      if (ref.explicit) throw new MissingPolicyError(ref.path);
      return { ref, status: 'missing' };
    }
    // There but unreadable (permissions, a directory): an error, never "no rules".
    const message = typeof code === 'string' ? code : String(error);
    return {
      ref,
      status: 'invalid',
      errors: [{ file: ref.path, line: 1, column: 1, field: '', message, unreadable: true }],
    };
  }
  const parsed = parsePolicy(text, ref.path);
  if (!parsed.ok) return { ref, status: 'invalid', errors: parsed.errors };
  return { ref, status: 'ok', source: { layer: ref.layer, file: ref.path, policy: parsed.policy } };
}

/**
 * What the engine is given: every valid file's source, and for each broken file a source the
 * engine refuses. The engine then asks about every call (it never half-applies a file) while
 * the valid files' deny rules still deny, so a broken user file cannot switch off an
 * administrator's deny.
 */
export function engineInputs(loaded: LoadedPolicies): { policy: PolicySource[] } {
  const refused = loaded.files.flatMap((file): PolicySource[] =>
    file.status === 'invalid'
      ? [{ layer: file.ref.layer, file: file.ref.path, policy: null as unknown as PolicyFile }]
      : [],
  );
  return { policy: [...loaded.sources, ...refused] };
}
