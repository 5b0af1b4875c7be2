import type { Random } from '../random.js';

/** Running sums of weights, for weighted picks by binary search. */
export function cumulative(weights: Float64Array): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i] as number;
    sums[i] = total;
  }
  return sums;
}

/** An index drawn with probability proportional to its weight. */
export function weightedIndex(sums: Float64Array, rnd: Random): number {
  const target = rnd.next() * (sums[sums.length - 1] as number);
  let low = 0;
  let high = sums.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sums[mid] as number) > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

export function paretoWeights(count: number, alpha: number, rnd: Random): Float64Array {
  const weights = new Float64Array(count);
  for (let i = 0; i < count; i++) weights[i] = rnd.pareto(alpha);
  return weights;
}

/**
 * Splits `total` into whole counts proportional to the weights, none above `cap`, summing exactly to `total`
 * (the caller checks that total ≤ count × cap).
 */
export function distribute(total: number, weights: Float64Array, cap: number, rnd: Random): Int32Array {
  const counts = new Int32Array(weights.length);
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  let remaining = total;
  for (let i = 0; i < weights.length; i++) {
    const share = Math.min(cap, Math.floor((total * (weights[i] as number)) / weightSum));
    counts[i] = share;
    remaining -= share;
  }
  const sums = cumulative(weights);
  for (let misses = 0; remaining > 0 && misses < 1000; ) {
    const i = weightedIndex(sums, rnd);
    if ((counts[i] as number) < cap) {
      counts[i] = (counts[i] as number) + 1;
      remaining -= 1;
      misses = 0;
    } else misses += 1;
  }
  // Nearly every slot is full: sweep the rest in.
  for (let i = 0; remaining > 0 && i < counts.length; i++) {
    const add = Math.min(cap - (counts[i] as number), remaining);
    counts[i] = (counts[i] as number) + add;
    remaining -= add;
  }
  return counts;
}

/** `k` distinct integers from [0, n), skipping `excluded` (Floyd's algorithm: O(k) whatever n is). */
export function distinct(k: number, n: number, excluded: number, rnd: Random): number[] {
  const span = excluded >= 0 && excluded < n ? n - 1 : n;
  const chosen = new Set<number>();
  for (let j = span - k; j < span; j++) {
    const t = rnd.int(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  const picked = [...chosen].map((value) => (excluded >= 0 && value >= excluded ? value + 1 : value));
  return picked.sort((a, b) => a - b);
}

/**
 * `k` distinct indexes drawn by weight, skipping `excluded`. Rejection sampling is cheap while k is small next
 * to the population; for large k (tiny datasets) it falls back to uniform picks.
 */
export function distinctWeighted(k: number, sums: Float64Array, excluded: number, rnd: Random): number[] {
  const n = sums.length;
  if (k * 3 > n) return distinct(k, n, excluded, rnd);
  const chosen = new Set<number>();
  for (let attempts = 0; chosen.size < k && attempts < k * 50; attempts++) {
    const i = weightedIndex(sums, rnd);
    if (i !== excluded) chosen.add(i);
  }
  while (chosen.size < k) {
    const i = rnd.int(n);
    if (i !== excluded) chosen.add(i);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** `count` strictly increasing whole times in [from, to] (the caller checks the span is wide enough). */
export function increasingTimes(count: number, from: number, to: number, rnd: Random): Float64Array {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = Math.floor(from + rnd.next() * (to - from - count));
  times.sort();
  for (let i = 1; i < count; i++) {
    if ((times[i] as number) <= (times[i - 1] as number)) times[i] = (times[i - 1] as number) + 1;
  }
  return times;
}
