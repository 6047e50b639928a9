import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

interface Declaration {
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  members?: { name: string; privacy?: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
}

const pkg = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'mcp-cem-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** What `npm run manifest` writes to dist/, generated here into a temp folder. */
function manifest(): Map<string, Declaration> {
  const cem = fileURLToPath(new URL('../../../node_modules/.bin/cem', import.meta.url));
  execFileSync(
    cem,
    // The analyzer joins --outdir to the working directory: pass it relative.
    ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', relative(pkg, out)],
    {
      cwd: pkg,
      stdio: 'pipe',
    },
  );
  const json = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8')) as {
    modules: { declarations?: Declaration[] }[];
  };
  const elements = json.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName);
  return new Map(elements.map((d) => [d.tagName!, d]));
}

it('the custom elements manifest describes the six tags: attributes, API, events, parts, custom properties', () => {
  const tags = manifest();
  expect([...tags.keys()].sort()).toEqual([
    'mcp-call-progress',
    'mcp-elicitation-sheet',
    'mcp-permission-manager',
    'mcp-permission-sheet',
    'mcp-result-review-sheet',
    'mcp-roots-sheet',
  ]);
  const names = (list: { name: string }[] | undefined) => (list ?? []).map((x) => x.name);
  const progress = tags.get('mcp-call-progress')!;
  expect(names(progress.cssParts).sort()).toEqual(['bar', 'count', 'label', 'message', 'progress']);
  const sheet = tags.get('mcp-permission-sheet')!;
  expect(names(sheet.attributes).sort()).toEqual(['guard-ms', 'layout', 'locale', 'theme']);
  expect(
    names(sheet.members?.filter((m) => m.privacy !== 'private' && m.privacy !== 'protected')),
  ).toEqual(
    expect.arrayContaining(['show', 'prompt', 'engine', 'clock', 'allowAlwaysExpiresInMs']),
  );
  expect(names(sheet.events)).toEqual(['mcp-open', 'mcp-decision', 'mcp-close']);
  expect(names(sheet.cssParts)).toEqual(
    expect.arrayContaining([
      'root',
      'tool-name',
      'server-chip',
      'risk-badge',
      'effects',
      'args-body',
      'action',
      'action-reason',
      'checking',
      'intro',
      'preview',
      'hint',
      'operator-notice',
    ]),
  );
  expect(names(sheet.cssProperties)).toEqual(
    expect.arrayContaining([
      '--mcp-sheet-breakpoint',
      '--mcp-success-container',
      '--mcp-on-error-container',
    ]),
  );
  expect(names(tags.get('mcp-elicitation-sheet')!.members)).toEqual(
    expect.arrayContaining(['elicit', 'show']),
  );
  const roots = tags.get('mcp-roots-sheet')!;
  expect(names(roots.members)).toEqual(expect.arrayContaining(['roots', 'presenter']));
  expect(names(roots.events)).toEqual(['mcp-open', 'mcp-roots-result', 'mcp-close']);
  expect(names(roots.cssParts)).toEqual(expect.arrayContaining(['checkbox', 'item-name', 'grain']));
  const review = tags.get('mcp-result-review-sheet')!;
  expect(names(review.members)).toEqual(expect.arrayContaining(['result', 'presenter']));
  expect(names(review.events)).toEqual(['mcp-open', 'mcp-result-review', 'mcp-close']);
  expect(names(review.cssParts)).toEqual(
    expect.arrayContaining(['block-text', 'block-label', 'error', 'risk']),
  );
  expect(names(tags.get('mcp-permission-manager')!.events)).toEqual([
    'mcp-revoke',
    'mcp-revoke-all',
    'mcp-expiry-change',
  ]);
});
