// A citizen writing as fast as the database lets them, in a process of its own (as the server would be), so a
// backup taken meanwhile is taken under real concurrent writes. Each round writes a post and then likes it,
// two transactions, each of which a consistent snapshot holds whole or not at all. Prints a line per round;
// stops when its standard input closes.
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { addLike } from '../../src/domains/likes/like-store.js';
import { writePost } from '../../src/domains/posts/write-post.js';

const writerId = process.env.WRITER_ID ?? '';
const config = loadConfig(process.env);
const db = createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });

let stopped = false;
process.stdin.on('end', () => {
  stopped = true;
});
process.stdin.resume();

for (let round = 1; !stopped; round++) {
  const now = Date.now();
  const { post } = await writePost(db, {
    authorId: writerId,
    caption: `written during a backup, round ${round}`,
    mentionIds: [],
    mediaType: 'image',
    sharing: 'private',
    status: 'ready',
    externalLink: null,
    createdAt: now,
  });
  await addLike(db, post.id, writerId, now, config.STAGE_AUTO_LIKES);
  process.stdout.write(`${round}\n`);
  // Let the event loop notice the end of stdin now and then.
  await new Promise((resolve) => setImmediate(resolve));
}
await db.destroy();
