import { afterAll, describe, expect, it } from 'vitest';
import {
  checkRound,
  removeKilledWriterRoot,
  runKilledWriters,
} from '../../packages/engine/test/killed-writer.js';
import { report } from './support.js';

/** Crash safety (issue 10): 200 writers of a file store killed with SIGKILL at random moments. */
const ROUNDS = Number(process.env.HARDENING_KILL_ROUNDS ?? 200);

describe('crash safety', () => {
  let root: string | undefined;
  afterAll(async () => {
    if (root) await removeKilledWriterRoot(root);
  });

  it(`after ${ROUNDS} random kills the store loads and holds every acknowledged grant`, async () => {
    const run = await runKilledWriters(ROUNDS);
    root = run.root;
    let lost = 0;
    let loadedOk = 0;
    let midWrite = 0;
    let acknowledged = 0;
    for (const round of run.rounds) {
      const checked = await checkRound(round);
      loadedOk += 1; // checkRound throws when the store cannot load
      lost += checked.lost.length;
      acknowledged += round.acknowledged.length;
      if (checked.killedMidWrite) midWrite += 1;
      expect(checked.lost, `lost acknowledged grants in ${round.path}`).toEqual([]);
      expect(checked.leftovers).toEqual([]);
    }
    report(
      `crash safety: ${run.rounds.length} writers killed (${midWrite} with a temp file on disk), ` +
        `${loadedOk} stores loaded, ${acknowledged} acknowledged grants, ${lost} lost`,
    );
    expect(run.rounds).toHaveLength(ROUNDS);
    expect(acknowledged).toBeGreaterThan(0);
  });
});
