import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRound,
  removeKilledWriterRoot,
  runKilledWriters,
  type Round,
} from './killed-writer.js';

/** How many writers get killed. A hardening pass raises it: KILLED_WRITER_ROUNDS=200. */
const ROUNDS = Number(process.env.KILLED_WRITER_ROUNDS ?? 20);

describe('fileStore with a writer killed mid-write', () => {
  let rounds: Round[] = [];
  let root: string;

  beforeAll(
    async () => {
      ({ root, rounds } = await runKilledWriters(ROUNDS));
    },
    Math.max(60_000, ROUNDS * 2_000),
  );

  afterAll(async () => {
    await removeKilledWriterRoot(root);
  });

  it(`loads every acknowledged grant after each of ${ROUNDS} kills`, async () => {
    expect(rounds).toHaveLength(ROUNDS);
    let killedMidWrite = 0;
    for (const round of rounds) {
      const checked = await checkRound(round);
      if (checked.killedMidWrite) killedMidWrite += 1;
      expect(checked.lost, `lost acknowledged grants in ${round.path}`).toEqual([]);
      if (round.acknowledged.length > 0)
        expect(checked.loaded).toBeGreaterThanOrEqual(round.acknowledged.length);
      expect(checked.leftovers).toEqual([]);
    }
    // The kills must have hit writers that had written something, or the test proves little.
    expect(rounds.some((round) => round.acknowledged.length > 0)).toBe(true);
    const acks = rounds.map((round) => round.acknowledged.length);
    console.info(
      `[killed-writer] ${ROUNDS} rounds, acknowledged grants per round ${Math.min(...acks)}-${Math.max(...acks)}, ` +
        `${killedMidWrite} killed with a temp file on disk`,
    );
  });
});
