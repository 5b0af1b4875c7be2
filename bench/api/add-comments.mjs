#!/usr/bin/env node
// Gives posts of the benchmark dataset a conversation each, through the server's one writer of comments (the
// post's count kept as the call keeps it): `per` comments by citizens spread over the dataset, every fourth a
// reply to the comment before it, so a page of 20 is threads with replies under them, as a real post page's is.
// Idempotent: a post that already has its comments is left as it is.
// Usage: DATA_DIR=... [DATABASE_URL=...] node bench/api/add-comments.mjs <post,post,...> <per>
import { loadConfig } from '../../apps/api/dist/config.js';
import { closeContext, createContext } from '../../apps/api/dist/create-context.js';
import { writeComment } from '../../apps/api/dist/domains/comments/write-comment.js';

const [list, per] = process.argv.slice(2);
const posts = (list ?? '').split(',').filter(Boolean);
if (posts.length === 0 || !(Number(per) > 0)) {
  console.error('usage: node bench/api/add-comments.mjs <post,post,...> <per>');
  process.exit(2);
}
const ctx = await createContext(loadConfig(process.env));
const db = ctx.db;
try {
  // Commenters far from the crowd's citizens (bench/run.sh's first of a country) and from one another.
  const commenters = (
    await db.selectFrom('citizens').select('id').orderBy('id').limit(500).offset(20000).execute()
  ).map((row) => row.id);
  let written = 0;
  for (const [p, postId] of posts.entries()) {
    const { comments_count: count } = await db
      .selectFrom('posts')
      .select('comments_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= Number(per)) continue;
    let previous = null;
    for (let i = 0; i < Number(per); i++) {
      const authorId = commenters[(p * 7 + i * 13) % commenters.length];
      const text = `Comment ${i + 1} on this one: lovely light, where was it taken? #bench`;
      const parentId = i % 4 === 3 ? previous : null;
      const comment = await writeComment(db, { postId, authorId, text, mentionIds: [], parentId, at: Date.now() });
      previous = comment.id;
      written += 1;
    }
  }
  console.error(`comments written: ${written}`);
} finally {
  await closeContext(ctx);
}
