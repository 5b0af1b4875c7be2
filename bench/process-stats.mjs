// Small measures the benchmarks share: a process's resident memory and a quantile of sorted timings.
import { readFileSync } from 'node:fs';

/** The resident set of process `pid` in kB, as the kernel reports it (`VmRSS`); 0 once it has none. */
export const residentKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The value at quantile `q` (0–1) of ascending `sorted`; 0 for none. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
