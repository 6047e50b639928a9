import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const coreFile = `${root}/packages/engine/src/__lint_probe__.ts`;
const fileAdapter = `${root}/packages/engine/src/file/__lint_probe__.ts`;

async function problems(code: string, filePath = coreFile): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

describe('the engine core stays platform-free (lint rule)', () => {
  it.each([
    ["import { readFile } from 'node:fs';", /Node built-ins/],
    ["import path from 'path';", /Node built-ins/],
    ["import { html } from 'lit';", /UI frameworks/],
    ["import React from 'react';", /UI frameworks/],
    ["import { render } from 'ink';", /ink/],
    ['export const x = document.title;', /platform global "document"/],
    ['export const x = window.innerWidth;', /platform global "window"/],
    ['export const x = localStorage.length;', /platform global "localStorage"/],
    ['export const t = Date.now();', /injected Clock/],
    ['export const t = new Date();', /injected Clock/],
    ['setTimeout(() => {}, 1);', /injected Clock/],
    ['requestAnimationFrame(() => {});', /injected Clock/],
    ['export const s = getComputedStyle;', /platform global "getComputedStyle"/],
    ['export const o = new MutationObserver(() => {});', /platform global "MutationObserver"/],
    ["export const dark = matchMedia('(prefers-color-scheme: dark)');", /"matchMedia"/],
    ['export const isInput = (x: unknown) => x instanceof HTMLInputElement;', /"HTMLInputElement"/],
    ['export const scope = self;', /platform global "self"/],
    ['export const env = process.env;', /platform global "process"/],
    ['export const store = globalThis.localStorage;', /through the global object/],
    ['export const w = globalThis.innerWidth;', /through the global object/],
    ['globalThis.setTimeout(() => {}, 1);', /through the global object/],
    ["export const store = globalThis['indexedDB'];", /index the global object/],
    ["export const fs = await import('node:fs');", /not even with import\(\)/],
    ["export const fs = await import('fs');", /not even with import\(\)/],
    ["export const fsp = import('fs/promises');", /not even with import\(\)/],
    ["export const r = import('react-dom/client');", /not even with import\(\)/],
    ["export const l = import('lit');", /not even with import\(\)/],
    ["export const i = import('ink');", /not even with import\(\)/],
    ["const name = 'fs';\nexport const m = import(name);", /computed specifier/],
  ])('rejects %s', async (code, message) => {
    const found = await problems(code);
    expect(found.some((text) => message.test(text))).toBe(true);
  });

  it('accepts platform-neutral code such as WebCrypto and Date formatting of injected time', async () => {
    const code = [
      'export const now = (clock: { now(): number }) => new Date(clock.now()).toISOString();',
      "export const digest = () => crypto.subtle.digest('SHA-256', new Uint8Array(1));",
    ].join('\n');
    expect(await problems(code)).toEqual([]);
  });

  it('accepts the shared globals the core needs and imports of its own modules, static or dynamic', async () => {
    const code = [
      "export const bytes = new TextEncoder().encode('x');",
      'export const text = new TextDecoder().decode(bytes);',
      'export const controller = new AbortController();',
      'export const aborted = (signal: AbortSignal) => signal.aborted;',
      'export const id = () => globalThis.crypto.randomUUID();',
      "export const sizes = new Map<string, number>([['a', Math.max(1, 2)]]);",
      "export const risk = () => import('./risk.js');",
    ].join('\n');
    expect(await problems(code)).toEqual([]);
  });

  it('allows Node built-ins in the file store adapter', async () => {
    const code = "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n";
    expect(await problems(code, fileAdapter)).toEqual([]);
  });
});
