#!/usr/bin/env node
// Prints what people type into search on the generated dataset, separated by commas: the first two to five letters
// of its first and last names, lower or capital, as a person types a name they half remember (bench/run.sh's
// `search` path). Names repeat across 100k citizens, so a query matches hundreds to thousands of them.
import { firstNames, lastNames } from '../../apps/api/dist/seed/generate/vocabulary.js';

const queries = [];
for (const name of [...firstNames, ...lastNames]) {
  for (let length = 2; length <= Math.min(5, name.length); length++) {
    const start = name.slice(0, length);
    queries.push(length % 2 === 0 ? start.toLowerCase() : start);
  }
}
console.log(queries.map(encodeURIComponent).join(','));
