// What a Lighthouse trace says about the page's own work beside the machine's: the renderer main thread's tasks
// from the page's first contentful paint on, in wall time (what Lighthouse reads, and multiplies by its CPU
// slowdown) and in CPU time (what the thread itself ran). On a two-core machine busy with the browser's other
// processes a task's wall time can be twice its CPU time or more, and every such task that the slowdown puts
// over 50 ms adds to TBT. Observed figures at 1x, multiplied as Lighthouse multiplies them: an estimate beside
// its TBT, never a replacement for it.
import { readFileSync } from 'node:fs';

const BLOCKING_MS = 50;

/**
 * @param {string} tracePath a `--save-assets` trace
 * @param {number} slowdown Lighthouse's CPU slowdown (4 on its mobile preset)
 * @returns {{ cpuShare: number, blockingByWall: number, blockingByCpu: number }}
 */
export function traceCpu(tracePath, slowdown) {
  const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
  const events = trace.traceEvents ?? trace;
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  if (!navigation) throw new Error(`${tracePath}: no main-frame navigation`);
  const { pid, tid } = navigation;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts > navigation.ts);
  const from = paint?.ts ?? navigation.ts;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && e.ts >= from);
  let wall = 0;
  let cpu = 0;
  let blockingByWall = 0;
  let blockingByCpu = 0;
  for (const task of tasks) {
    const wallMs = task.dur / 1000;
    const cpuMs = (task.tdur ?? task.dur) / 1000;
    wall += wallMs;
    cpu += cpuMs;
    blockingByWall += Math.max(0, wallMs * slowdown - BLOCKING_MS);
    blockingByCpu += Math.max(0, cpuMs * slowdown - BLOCKING_MS);
  }
  return { cpuShare: wall > 0 ? cpu / wall : 1, blockingByWall, blockingByCpu };
}
