/**
 * `@modelcontextprotocol/conformance` 0.1.16 imports `globSync` from `fs`, which Node 22 added.
 * Its CLI only uses it to summarise a results folder (`tier-check`), never for the scenarios we
 * run, so on Node 20 the import is replaced by a function that says so. Loaded with
 * `node --import ./node20-shim.mjs`; a Node that has `globSync` is left alone.
 */
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./node20-hooks.mjs', import.meta.url);
