import type { Db } from '../../src/db/database.js';
import { type Cast, type Edges, type FriendState, pairKey } from './world-state.js';

/** The seed of a run's write load: CRASH_SEED when set (to replay a failed run), else a random one. */
export const crashSeed = (): number => Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A small seeded generator (mulberry32): a failing round is replayed from its printed seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = ['calm', 'sun', 'river', 'bread', 'kites', 'moss'];

interface AckedPost {
  id: string;
  authorId: string;
  tagKeys: string[];
  mentionIds: string[];
}

/**
 * What a round of writes may have left: for every edge a writer touched, the states it may be in (one when the
 * last write on it was answered, two when it was cut off by the kill); the acknowledged posts; and, per author,
 * how many post creations got no answer (each may or may not exist, but only whole).
 */
export interface Outcome {
  likes: Map<string, Set<boolean>>;
  follows: Map<string, Set<boolean>>;
  friends: Map<string, Set<FriendState>>;
  posts: AckedPost[];
  unansweredPosts: Map<string, number>;
  /** Answers other than 2xx: the load only makes writes that should succeed, so each is a failure. */
  refused: string[];
  acknowledged: number;
  unanswered: number;
}

interface LoadOptions {
  origin: string;
  cast: Cast;
  /** The edges as the round starts; updated as writes are acknowledged. */
  edges: Edges;
  writers: number;
  random: () => number;
  round: number;
  /** True once the writers should stop starting writes (the server was killed, or a warm-up is done). */
  isKilled: (outcome: Outcome) => boolean;
  /**
   * Behind a proxy, an instance killed mid-request is answered 502 by the proxy rather than by a cut
   * connection: counted as unanswered (the write may or may not have been made), not as refused.
   */
  behindProxy?: boolean;
}

const PROXY_CUT_OFF = new Set([502, 504]);

/**
 * Concurrent writers over HTTP until the server dies. Writer w acts only as the citizens whose index is w modulo
 * the number of writers, and a friend pair only from its lower index, so every edge is written by one writer at
 * a time (its last state is known exactly) while the counters they share (a post's likes, a citizen's
 * followers, a hashtag's posts) take concurrent updates.
 */
export async function runWriteLoad(options: LoadOptions): Promise<Outcome> {
  const { cast, edges, random } = options;
  const outcome: Outcome = {
    likes: new Map(),
    follows: new Map(),
    friends: new Map(),
    posts: [],
    unansweredPosts: new Map(),
    refused: [],
    acknowledged: 0,
    unanswered: 0,
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const call = async (token: string, path: string, body?: unknown) => {
    try {
      const res = await fetch(`${options.origin}/api/users${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (options.behindProxy && PROXY_CUT_OFF.has(res.status)) {
        outcome.unanswered += 1;
        return null;
      }
      if (res.status >= 300) outcome.refused.push(`${res.status} POST ${path}: ${text}`);
      return { ok: res.status < 300, json: () => JSON.parse(text) };
    } catch {
      outcome.unanswered += 1;
      return null; // no (complete) answer: the server died first
    }
  };

  const writer = async (w: number) => {
    const own = cast.citizens.map((_, index) => index).filter((index) => index % options.writers === w);
    // After a write is cut off its edge may be in either state, so the actor whose choice it was writes no more.
    // On a single server the writer stops (the server is gone); behind a proxy it goes on with its other actors.
    const goesOn = (actorIndex: number) => {
      own.splice(own.indexOf(actorIndex), 1);
      return options.behindProxy === true && own.length > 0;
    };
    while (!options.isKilled(outcome)) {
      const actorIndex = pick(own);
      const actor = cast.citizens[actorIndex] as Cast['citizens'][number];
      const roll = random();
      if (roll < 0.4) {
        const postId = pick(cast.postIds);
        const key = `${postId}|${actor.id}`;
        const was = edges.likes.has(key);
        const answer = await call(actor.token, `/influencers/me/${was ? 'un-' : ''}liked-creators-content/${postId}`);
        if (!answer) {
          outcome.likes.set(key, new Set([was, !was]));
          if (goesOn(actorIndex)) continue;
          return;
        }
        if (!answer.ok) return;
        if (was) edges.likes.delete(key);
        else edges.likes.add(key);
        outcome.likes.set(key, new Set([!was]));
      } else if (roll < 0.65) {
        const other = pick(cast.citizens.filter((citizen) => citizen.id !== actor.id));
        const key = `${actor.id}|${other.id}`;
        const was = edges.follows.has(key);
        const answer = await call(actor.token, `/influencers/me/${was ? 'unfollow' : 'follow'}/${other.id}`);
        if (!answer) {
          outcome.follows.set(key, new Set([was, !was]));
          if (goesOn(actorIndex)) continue;
          return;
        }
        if (!answer.ok) return;
        if (was) edges.follows.delete(key);
        else edges.follows.add(key);
        outcome.follows.set(key, new Set([!was]));
      } else if (roll < 0.8 && actorIndex < cast.citizens.length - 1) {
        const otherIndex = actorIndex + 1 + Math.floor(random() * (cast.citizens.length - actorIndex - 1));
        const other = cast.citizens[otherIndex] as Cast['citizens'][number];
        const key = pairKey(actorIndex, otherIndex);
        const was = edges.friends.get(key) ?? 'none';
        const next: FriendState = was === 'none' ? 'pending' : was === 'pending' ? 'friends' : 'none';
        const pending = edges.requests.get(key);
        const recipient = pending?.toId === actor.id ? actor : other;
        const answer =
          was === 'none'
            ? await call(actor.token, `/influencers/me/friend-request/${other.id}`)
            : was === 'pending'
              ? await call(recipient.token, `/influencers/me/approve-friend-request/${pending?.id}`)
              : await call(actor.token, `/influencers/me/unfriend/${other.id}`);
        if (!answer) {
          outcome.friends.set(key, new Set([was, next]));
          if (goesOn(actorIndex)) continue;
          return;
        }
        if (!answer.ok) return;
        if (was === 'none') edges.requests.set(key, { id: answer.json().friendRequestId, toId: other.id });
        else edges.requests.delete(key);
        edges.friends.set(key, next);
        outcome.friends.set(key, new Set([next]));
      } else {
        const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])].slice(0, 1 + Math.floor(random() * 3));
        const mentioned = [...new Set([pick(cast.citizens), pick(cast.citizens)])].slice(0, Math.floor(random() * 3));
        const caption = `round ${options.round} ${tags.map((tag) => `#${tag}`).join(' ')} ${mentioned.map((c) => `@${c.username}`).join(' ')}`;
        const answer = await call(actor.token, '/v7/creators-content', {
          mediaType: 'image',
          sharingOptions: 'public',
          caption,
        });
        if (!answer) {
          outcome.unansweredPosts.set(actor.id, (outcome.unansweredPosts.get(actor.id) ?? 0) + 1);
          if (goesOn(actorIndex)) continue;
          return;
        }
        if (!answer.ok) return;
        const id = answer.json().id as string;
        outcome.posts.push({ id, authorId: actor.id, tagKeys: tags, mentionIds: mentioned.map((c) => c.id) });
        edges.postsBy.set(actor.id, (edges.postsBy.get(actor.id) ?? new Set()).add(id));
      }
      outcome.acknowledged += 1;
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, w) => writer(w)));
  return outcome;
}

/**
 * Acknowledged writes missing after the crash, edges nobody touched that changed, and posts beyond those
 * acknowledged or cut off. Answers the problems (none is the pass).
 */
export async function lostWrites(db: Db, cast: Cast, before: Edges, after: Edges, outcome: Outcome): Promise<string[]> {
  const problems: string[] = [];
  const compare = <S>(what: string, key: string, actual: S, start: S, allowed: Set<S> | undefined) => {
    const ok = allowed ? allowed.has(actual) : actual === start;
    if (!ok) problems.push(`${what} ${key}: is ${String(actual)}, may be ${[...(allowed ?? [start])].join(' or ')}`);
  };
  for (const postId of cast.postIds)
    for (const citizen of cast.citizens) {
      const key = `${postId}|${citizen.id}`;
      compare('like', key, after.likes.has(key), before.likes.has(key), outcome.likes.get(key));
    }
  for (const [i, a] of cast.citizens.entries())
    for (const [j, b] of cast.citizens.entries()) {
      if (i === j) continue;
      const key = `${a.id}|${b.id}`;
      compare('follow', key, after.follows.has(key), before.follows.has(key), outcome.follows.get(key));
      if (i < j) {
        const pair = pairKey(i, j);
        const state = (edges: Edges) => edges.friends.get(pair) ?? 'none';
        compare(`friends ${a.username}/${b.username}`, pair, state(after), state(before), outcome.friends.get(pair));
      }
    }
  for (const citizen of cast.citizens) {
    const start = before.postsBy.get(citizen.id) ?? new Set();
    const now = after.postsBy.get(citizen.id) ?? new Set();
    const acked = outcome.posts.filter((post) => post.authorId === citizen.id).map((post) => post.id);
    for (const id of acked) if (!now.has(id)) problems.push(`post ${id} by ${citizen.username} acknowledged, missing`);
    const extra = [...now].filter((id) => !start.has(id) && !acked.includes(id)).length;
    if (extra > (outcome.unansweredPosts.get(citizen.id) ?? 0))
      problems.push(`${citizen.username}: ${extra} posts nobody was told about`);
  }
  if (outcome.posts.length > 0) {
    const ids = outcome.posts.map((post) => post.id);
    const [tags, mentions] = await Promise.all([
      db.selectFrom('post_hashtags').select(['post_id', 'name_key']).where('post_id', 'in', ids).execute(),
      db.selectFrom('post_mentions').select(['post_id', 'citizen_id']).where('post_id', 'in', ids).execute(),
    ]);
    const listOf = (rows: { post_id: string; key: string }[], id: string) =>
      rows
        .filter((row) => row.post_id === id)
        .map((row) => row.key)
        .sort()
        .join(',');
    const tagRows = tags.map((row) => ({ post_id: row.post_id, key: row.name_key }));
    const mentionRows = mentions.map((row) => ({ post_id: row.post_id, key: row.citizen_id }));
    for (const post of outcome.posts) {
      const tagList = listOf(tagRows, post.id);
      if (tagList !== [...post.tagKeys].sort().join(',')) problems.push(`post ${post.id}: hashtags ${tagList}`);
      const mentionList = listOf(mentionRows, post.id);
      if (mentionList !== [...post.mentionIds].sort().join(','))
        problems.push(`post ${post.id}: mentions ${mentionList}`);
    }
  }
  return problems;
}
