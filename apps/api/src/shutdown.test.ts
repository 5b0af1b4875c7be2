import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitOnSignals } from './shutdown.js';

function harness(stop: () => Promise<void>, timeoutMs = 1_000) {
  const signals = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  let stops = 0;
  exitOnSignals({
    signals,
    timeoutMs,
    exit: (code) => exits.push(code),
    log: { info: (message) => lines.push(message), error: (message) => lines.push(message) },
    stop: () => {
      stops += 1;
      return stop();
    },
  });
  return { signals, lines, exits, stops: () => stops };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('exitOnSignals', () => {
  it('stops once however many signals arrive, then exits 0', async () => {
    let finish = () => {};
    const run = harness(() => new Promise<void>((resolve) => (finish = resolve)));
    run.signals.emit('SIGTERM');
    run.signals.emit('SIGINT');
    run.signals.emit('SIGTERM');
    await tick();
    expect(run.stops()).toBe(1);
    expect(run.exits).toEqual([]);
    finish();
    await tick();
    expect(run.exits).toEqual([0]);
    expect(run.lines.filter((line) => line.includes('still draining'))).toHaveLength(2);
  });

  it('exits 1 when stopping fails or outlasts the deadline', async () => {
    const failing = harness(() => Promise.reject(new Error('db gone')));
    failing.signals.emit('SIGINT');
    await tick();
    expect(failing.exits).toEqual([1]);
    expect(failing.lines).toContain('shutdown failed');

    const stuck = harness(() => new Promise<void>(() => {}), 50);
    stuck.signals.emit('SIGTERM');
    await tick(100);
    expect(stuck.exits).toEqual([1]);
    expect(stuck.lines.at(-1)).toBe('shutdown took longer than SHUTDOWN_TIMEOUT_MS (50 ms); exiting anyway');
  });
});
