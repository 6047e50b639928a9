import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryStore } from '@mcp-consent/engine';
import { fileStore } from '@mcp-consent/engine/file';
import { storeConformance } from './store-conformance.js';

// The suite every grant store passes (the PostgreSQL store runs it in packages/postgres). The
// IndexedDB store's tests drive real Chromium pages (idb-store*.test.ts) and assert the same
// rules across tabs there; its handles live in pages, not in this process.

storeConformance(
  'memoryStore',
  async () => {
    const store = memoryStore();
    return { a: store, b: store };
  },
  { hears: false, closes: false, skipsMalformed: false },
);

storeConformance(
  'fileStore',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-consent-conformance-'));
    const path = join(dir, 'grants.json');
    return {
      a: fileStore(path),
      b: fileStore(path),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
  // A malformed entry makes the whole file corrupt: it is moved aside (file-store.test.ts).
  { hears: true, closes: true, skipsMalformed: false },
);
