import { createRandom } from '../random.js';
import type { GenerateOptions } from './options.js';
import {
  cumulative,
  distinct,
  distinctWeighted,
  distribute,
  increasingTimes,
  paretoWeights,
  weightedIndex,
} from './sampling.js';
import { countries } from './vocabulary.js';

const DAY = 86_400_000;
/** Posts are spread over this window before `until`; citizens join in the year before it. */
export const POSTING_WINDOW = 180 * DAY;
const JOINING_WINDOW = 365 * DAY;

/**
 * Everything about the dataset that counters depend on, decided before a row is written: who joined when and
 * where, the follow and friendship edges, who wrote each post and how many likes it gets. Counters on the
 * citizen rows then come straight from these arrays, and match the edge rows exactly by construction.
 */
export interface Plan {
  citizenTimes: Float64Array;
  citizenCountry: Uint8Array;
  followersCount: Int32Array;
  followingCount: Int32Array;
  friendsCount: Int32Array;
  postsCount: Int32Array;
  /** Follow edges as (follower, followee) index pairs, sorted (the table's key order). */
  follows: Int32Array;
  followTimes: Float64Array;
  /** Friendships as (citizen, friend) index pairs in both directions, sorted. */
  friendships: Int32Array;
  friendshipTimes: Float64Array;
  postAuthor: Int32Array;
  postTimes: Float64Array;
  postLikes: Int32Array;
}

export function makePlan(options: GenerateOptions): Plan {
  const n = options.citizens;
  const rnd = createRandom(`${options.seed}:plan`);
  const postingStart = options.until - POSTING_WINDOW;
  const citizenTimes = increasingTimes(n, postingStart - JOINING_WINDOW, postingStart, rnd);

  const countrySums = cumulative(Float64Array.from(countries.map((country) => country.weight)));
  const citizenCountry = new Uint8Array(n);
  for (let i = 0; i < n; i++) citizenCountry[i] = weightedIndex(countrySums, rnd);

  // A social edge appears some time after both ends joined.
  const edgeTime = (a: number, b: number) => {
    const since = Math.max(citizenTimes[a] as number, citizenTimes[b] as number);
    return Math.floor(since + rnd.next() * (options.until - since));
  };

  const followersCount = new Int32Array(n);
  const followingCount = distribute(options.follows, paretoWeights(n, 2, rnd), n - 1, rnd);
  const popularity = cumulative(paretoWeights(n, 1.1, rnd));
  const follows = new Int32Array(options.follows * 2);
  const followTimes = new Float64Array(options.follows);
  let edge = 0;
  for (let follower = 0; follower < n; follower++) {
    for (const followee of distinctWeighted(followingCount[follower] as number, popularity, follower, rnd)) {
      follows[edge * 2] = follower;
      follows[edge * 2 + 1] = followee;
      followTimes[edge] = edgeTime(follower, followee);
      followersCount[followee] = (followersCount[followee] as number) + 1;
      edge += 1;
    }
  }

  const friendsCount = new Int32Array(n);
  const pairKeys = new Set<number>();
  while (pairKeys.size < options.friendships) {
    const [a, b] = distinct(2, n, -1, rnd) as [number, number];
    pairKeys.add(a * n + b);
  }
  // Both directions, sorted by (citizen, friend): the order of the table's primary key.
  const directed = new Float64Array(options.friendships * 2);
  let d = 0;
  for (const key of pairKeys) {
    const a = Math.floor(key / n);
    const b = key % n;
    directed[d++] = a * n + b;
    directed[d++] = b * n + a;
    friendsCount[a] = (friendsCount[a] as number) + 1;
    friendsCount[b] = (friendsCount[b] as number) + 1;
  }
  directed.sort();
  const friendships = new Int32Array(directed.length * 2);
  const friendshipTimes = new Float64Array(directed.length);
  const pairTime = new Map<number, number>();
  for (let i = 0; i < directed.length; i++) {
    const a = Math.floor((directed[i] as number) / n);
    const b = (directed[i] as number) % n;
    friendships[i * 2] = a;
    friendships[i * 2 + 1] = b;
    const key = Math.min(a, b) * n + Math.max(a, b);
    let time = pairTime.get(key);
    if (time === undefined) {
      time = edgeTime(a, b);
      pairTime.set(key, time);
    }
    friendshipTimes[i] = time;
  }

  const activity = cumulative(paretoWeights(n, 1.5, rnd));
  const postsCount = new Int32Array(n);
  const postAuthor = new Int32Array(options.posts);
  for (let i = 0; i < options.posts; i++) {
    const author = weightedIndex(activity, rnd);
    postAuthor[i] = author;
    postsCount[author] = (postsCount[author] as number) + 1;
  }
  const postTimes = increasingTimes(options.posts, postingStart, options.until, rnd);
  const postLikes = distribute(options.likes, paretoWeights(options.posts, 1.2, rnd), n - 1, rnd);

  return {
    citizenTimes,
    citizenCountry,
    followersCount,
    followingCount,
    friendsCount,
    postsCount,
    follows,
    followTimes,
    friendships,
    friendshipTimes,
    postAuthor,
    postTimes,
    postLikes,
  };
}
