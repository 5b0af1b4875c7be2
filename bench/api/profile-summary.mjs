#!/usr/bin/env node
// Summarises a V8 CPU profile (node --cpu-prof) written while bench/run.sh drove the server:
// self time by package (or project folder) and the heaviest functions, as shares of the busy (non-idle) time.
// Usage: node bench/api/profile-summary.mjs <file.cpuprofile> [top=25] [name,name,…]
// With names: also the total (inclusive) time under the functions of those names, e.g. hydratePosts,compileQuery.
import { readFileSync } from 'node:fs';

const [file, topArg, namesArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/api/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

const selfTime = new Map(); // node id → microseconds
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfTime.set(id, (selfTime.get(id) ?? 0) + (deltas[i] ?? 0));
}

const place = (url) => {
  if (!url) return '(native/builtin)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const dist = url.match(/apps\/api\/dist\/(.*)$/);
  if (dist) return `api:${dist[1].split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return 'node core';
  return url.replace(/^file:\/\//, '');
};

const byPlace = new Map();
const byFunction = new Map();
let busy = 0;
let total = 0;
for (const node of profile.nodes) {
  const us = selfTime.get(node.id) ?? 0;
  total += us;
  const name = node.callFrame.functionName || '(anonymous)';
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') {
    const key = name;
    byPlace.set(key, (byPlace.get(key) ?? 0) + us);
    if (name !== '(idle)') busy += us;
    continue;
  }
  busy += us;
  const where = place(node.callFrame.url);
  byPlace.set(where, (byPlace.get(where) ?? 0) + us);
  const key = `${name}  ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}

const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
console.log(`profile ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (shares below are of busy time)`);
console.log('\nby place:');
for (const [where, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  if (where !== '(idle)') console.log(`  ${pct(us)}  ${where}`);
}
console.log('\nheaviest functions (self time):');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${pct(us)}  ${name}`);

if (namesArg) {
  // Inclusive time: a sample counts for a name when any frame on its stack has that name (once per sample).
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const names = namesArg.split(',');
  const totals = new Map(names.map((name) => [name, 0]));
  for (const [id, us] of selfTime) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)?.callFrame.functionName;
      if (totals.has(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, totals.get(name) + us);
      }
    }
  }
  console.log('\ntotal time under:');
  for (const [name, us] of totals) console.log(`  ${pct(us)}  ${name}`);
}
