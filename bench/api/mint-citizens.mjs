#!/usr/bin/env node
// Prints citizen tokens of the first N citizens of one country, separated by commas, signed by the built
// server's keys: many citizens' tokens for bench/run.sh, minted in one process instead of one CLI run each.
// Usage: DATA_DIR=... [DATABASE_URL=...] node bench/api/mint-citizens.mjs <country> <count>
//        ... node bench/api/mint-citizens.mjs following:<least>-<most> <count>   citizens of any country who
//        follow between <least> and <most> people (the following feed's readers)
import { mintToken } from '../../apps/api/dist/cli/commands/mint-token.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { closeContext, createContext } from '../../apps/api/dist/create-context.js';

const [country, count] = process.argv.slice(2);
const following = /^following:(\d+)-(\d+)$/.exec(country ?? '');
if ((!following && !/^[A-Z]{2}$/.test(country ?? '')) || !(Number(count) > 0)) {
  console.error('usage: node bench/api/mint-citizens.mjs <country> <count>');
  process.exit(2);
}
const ctx = await createContext(loadConfig(process.env));
try {
  const citizens = following
    ? await ctx.db
        .selectFrom('citizens')
        .select('username')
        .where('following_count', '>=', Number(following[1]))
        .where('following_count', '<=', Number(following[2]))
        .orderBy('id')
        .limit(Number(count))
        .execute()
    : await ctx.db
        .selectFrom('citizens')
        .select('username')
        .where('country', '=', country)
        .orderBy('id')
        .limit(Number(count))
        .execute();
  const tokens = [];
  for (const { username } of citizens) tokens.push(await mintToken(ctx, { kind: 'citizen', username }, 86_400));
  console.log(tokens.join(','));
} finally {
  await closeContext(ctx);
}
