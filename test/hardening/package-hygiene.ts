/**
 * Supply and package hygiene (issue 10), the parts that need no network: reading an
 * `npm audit --json` report against the explained exceptions, and finding bare imports in a
 * package's published JavaScript that its package.json does not declare.
 */
import { builtinModules } from 'node:module';

export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

/** `test/hardening/audit-exceptions.json`: advisories accepted on purpose, each with why. */
export interface AuditExceptions {
  /** Advisory id (npm's `source` number, as text) or advisory URL → why it is acceptable. */
  advisories: Record<string, string>;
}

export interface Advisory {
  id: string;
  url: string;
  title: string;
  severity: Severity;
  /** The package the advisory is about. */
  name: string;
  /** Why it is accepted, when it is listed in the exceptions. */
  explained?: string;
}

export type AuditOutcome =
  | { ran: false; reason: string }
  | {
      ran: true;
      /** Vulnerable packages by severity, as npm counts them. */
      counts: Record<Severity, number>;
      /** High and critical advisories, explained or not. */
      serious: Advisory[];
      dependencies: number;
    };

/**
 * Reads what `npm audit --json` printed. A report without `auditReportVersion` means the audit
 * did not run (the endpoint failed or was unreachable): the reason is returned, never a pass.
 */
export function readAudit(
  stdout: string,
  stderr: string,
  exceptions: AuditExceptions,
): AuditOutcome {
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return { ran: false, reason: firstLine(stderr) || 'npm audit printed no JSON' };
  }
  if (report.auditReportVersion === undefined) {
    const error = report.error as { summary?: string; code?: string } | undefined;
    const reason =
      (typeof report.message === 'string' && report.message) ||
      error?.summary ||
      error?.code ||
      firstLine(stderr) ||
      'npm audit returned no report';
    return { ran: false, reason };
  }
  const metadata = report.metadata as {
    vulnerabilities: Record<Severity, number>;
    dependencies: { prod?: number; total?: number };
  };
  const serious = new Map<string, Advisory>();
  const vulnerabilities = (report.vulnerabilities ?? {}) as Record<
    string,
    { via: Array<string | Record<string, unknown>> }
  >;
  for (const { via } of Object.values(vulnerabilities)) {
    for (const cause of via) {
      // A string names another vulnerable package; its own entry lists the advisory.
      if (typeof cause === 'string') continue;
      const severity = cause.severity as Severity;
      if (severity !== 'high' && severity !== 'critical') continue;
      const id = String(cause.source);
      const url = String(cause.url ?? '');
      const explained = exceptions.advisories[id] ?? exceptions.advisories[url];
      serious.set(id, {
        id,
        url,
        title: String(cause.title ?? ''),
        severity,
        name: String(cause.name ?? ''),
        ...(explained ? { explained } : {}),
      });
    }
  }
  return {
    ran: true,
    counts: metadata.vulnerabilities,
    serious: [...serious.values()],
    dependencies: metadata.dependencies.prod ?? metadata.dependencies.total ?? 0,
  };
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !/Unknown user config/.test(line)) ?? '';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a relative one. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier))
    return undefined;
  if (specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Bare imports (static, re-exports and dynamic) in compiled JavaScript or declaration files. */
export function importsOf(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/**
 * Packages a published file imports that the manifest does not declare as a dependency or peer
 * dependency (a consumer's install would miss them), with the files that import them.
 */
export function undeclaredImports(
  manifest: { name: string; dependencies?: object; peerDependencies?: object },
  files: Record<string, string>,
): Record<string, string[]> {
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const missing: Record<string, string[]> = {};
  for (const [file, code] of Object.entries(files)) {
    for (const specifier of importsOf(code)) {
      const name = packageOf(specifier);
      if (name && !declared.has(name)) (missing[name] ??= []).push(file);
    }
  }
  return missing;
}
