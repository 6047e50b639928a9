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

  it('allows Node built-ins in the file store adapter', async () => {
    const code = "import { readFile } from 'node:fs/promises';\nexport const read = readFile;\n";
    expect(await problems(code, fileAdapter)).toEqual([]);
  });
});
