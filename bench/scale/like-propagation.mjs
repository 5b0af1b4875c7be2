// How long a like made through one instance takes to show through another: like (or unlike) a post on A as a
// citizen, then read the post on B as that citizen until B shows it; reports the time from A's answer to B's
// first answer that shows the change. Usage: node like-propagation.mjs <originA> <originB> <tokens,…> <postIds,…>
const [originA, originB, tokenList, postList] = process.argv.slice(2);
const tokens = tokenList.split(',');
const posts = postList.split(',');
const ROUNDS = 200;

const call = async (origin, method, path, token) => {
  const res = await fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
};

const delays = [];
let reads = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  const token = tokens[round % tokens.length];
  const post = posts[round % posts.length];
  const before = await call(originB, 'GET', `/api/content/v1/creators-content/${post}`, token);
  const liking = !before.likesOverviewDetails.liked;
  await call(originA, 'POST', `/api/users/influencers/me/${liking ? '' : 'un-'}liked-creators-content/${post}`, token);
  const acknowledged = performance.now();
  for (;;) {
    reads += 1;
    const seen = await call(originB, 'GET', `/api/content/v1/creators-content/${post}`, token);
    if (seen.likesOverviewDetails.liked === liking) break;
    if (performance.now() - acknowledged > 10_000) throw new Error(`B did not show the like on ${post} within 10 s`);
  }
  delays.push(performance.now() - acknowledged);
}
delays.sort((a, b) => a - b);
const at = (q) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1);
console.log(
  `like on A shown on B: ${ROUNDS} likes, median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; ${reads} reads of B (${reads === ROUNDS ? 'each like shown by the first read' : 'some needed more than one read'})`,
);
