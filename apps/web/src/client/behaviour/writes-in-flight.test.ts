import { describe, expect, it } from 'vitest';
import { trackWrite, writesSettled } from './writes-in-flight';

describe('writes in flight', () => {
  it('settles at once with nothing in flight', async () => {
    await expect(writesSettled()).resolves.toBeUndefined();
  });

  it('waits for every write in flight, failed ones included', async () => {
    const order: string[] = [];
    let finish: () => void = () => undefined;
    trackWrite(new Promise<void>((resolve) => (finish = resolve)).then(() => order.push('write')));
    trackWrite(Promise.reject(new Error('offline')));
    const settled = writesSettled().then(() => order.push('settled'));
    await Promise.resolve();
    expect(order).toEqual([]);
    finish();
    await settled;
    expect(order).toEqual(['write', 'settled']);
    // Settled writes are forgotten: the next wait has nothing to wait for.
    await expect(writesSettled(1)).resolves.toBeUndefined();
  });

  it('gives up on a write that hangs after the limit', async () => {
    trackWrite(new Promise(() => undefined));
    const started = Date.now();
    await writesSettled(20);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
