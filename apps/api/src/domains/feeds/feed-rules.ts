import { type PostRule, publicOnly, standardRules } from '../posts/rules.js';

// The skeletons already filter deleted, unready and private posts in SQL; the rules re-check every post after
// hydration, so a post deleted between the two reads, or a skeleton bug, can never leak into a page.

/** Public feeds (stage, shared profile, loved posts): what anyone may see. */
export const publicFeedRules: readonly PostRule[] = [...standardRules, publicOnly];

/** Feeds that may hold private posts: the standard rules admit them for the author and friends only. */
export const privateFeedRules: readonly PostRule[] = standardRules;
