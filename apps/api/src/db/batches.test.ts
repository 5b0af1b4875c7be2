import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sameTurn, writeLine } from './batches.js';

/**
 * Writes with a log of when each began and ended. The first write is held until `release()`, so a test decides
 * what arrives while it is in flight; every write then takes a few milliseconds, long enough for two started
 * together to overlap.
 */
function recordedWrites() {
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let began = () => {};
  const firstBegan = new Promise<void>((resolve) => {
    began = resolve;
  });
  const write =
    (name: string, fails = false) =>
    async (keys: readonly number[]): Promise<(number | Error)[]> => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      log.push(`${name} begins [${keys.join(',')}]`);
      began();
      await released;
      await sleep(5);
      log.push(`${name} ends`);
      inFlight -= 1;
      if (fails) throw new Error(`${name} failed`);
      return keys.map((key) => key * 10);
    };
  return { log, write, release, firstBegan, mostInFlight: () => mostInFlight };
}

describe('writeLine', () => {
  it('runs one batch at a time across the loaders that share it, each carrying what arrived meanwhile', async () => {
    const { log, write, release, firstBegan, mostInFlight } = recordedWrites();
    const inLine = writeLine(100);
    const likes = inLine(write('likes'));
    const unlikes = inLine(write('unlikes'));
    const first = likes.load(1);
    await firstBegan;
    // Both kinds arrive while it is written: before, their two batches started together once it had finished.
    const answers = Promise.all([likes.load(2), unlikes.load(3), likes.load(4), unlikes.load(5)]);
    release();
    expect(await first).toBe(10);
    expect(await answers).toEqual([20, 30, 40, 50]);
    expect(mostInFlight()).toBe(1);
    expect(log).toEqual([
      'likes begins [1]',
      'likes ends',
      'likes begins [2,4]',
      'likes ends',
      'unlikes begins [3,5]',
      'unlikes ends',
    ]);
  });

  it('goes on after a batch that failed, and after one that threw before it began', async () => {
    const { write, release } = recordedWrites();
    release();
    const inLine = writeLine(100);
    const failing = inLine(write('failing', true));
    const throwing = inLine<number, number>(() => {
      throw new Error('thrown at once');
    });
    const working = inLine(write('working'));
    await expect(failing.load(1)).rejects.toThrow('failing failed');
    await expect(throwing.load(2)).rejects.toThrow('thrown at once');
    expect(await working.load(3)).toBe(30);
  });
});

/**
 * What a crowd of clients sees: four ask together, and the one answered first asks again at once. Each read
 * answers a millisecond later, as a database's answer comes back in a later turn; key 3's answer is an error.
 */
async function crowdAgainst(holdBackHalf: boolean): Promise<string[]> {
  const log: string[] = [];
  const reads = sameTurn(
    async (keys: readonly number[]) => {
      log.push(`read [${keys.join(',')}]`);
      await sleep(1);
      return keys.map((key) => (key === 3 ? new Error('no 3') : key * 10));
    },
    100,
    { holdBackHalf },
  );
  const answered = (key: number) =>
    reads.load(key).then(
      (value) => log.push(`answer ${value}`),
      (error: Error) => log.push(error.message),
    );
  const again = (key: number) => (key === 1 ? answered(5) : undefined);
  await Promise.all([1, 2, 3, 4].map((key) => answered(key).then(() => again(key))));
  return log;
}

describe('sameTurn', () => {
  it('answers half a read at once, and the rest once the read their answers brought about has been sent', async () => {
    const log = await crowdAgainst(true);
    expect(log.slice(0, 4)).toEqual(['read [1,2,3,4]', 'answer 10', 'answer 20', 'read [5]']);
    // Whether read [5]'s own answer comes before the held half or after it is the database's timing (a loaded
    // machine's timer can fire first); that the held half waited for read [5] to be sent is the batch's doing.
    expect(log.slice(4).sort()).toEqual(['answer 40', 'answer 50', 'no 3']);
  });

  it('answers the whole read at once without holdBackHalf', async () => {
    expect(await crowdAgainst(false)).toEqual([
      'read [1,2,3,4]',
      'answer 10',
      'answer 20',
      'no 3',
      'answer 40',
      'read [5]',
      'answer 50',
    ]);
  });
});
