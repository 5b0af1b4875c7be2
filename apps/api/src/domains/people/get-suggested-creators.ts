import { getSuggestedCreators } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { suggestedCreatorView } from './person.js';
import { loadRelations } from './relations.js';
import { loadCandidates } from './suggestions/candidates.js';
import { pageAfter, rankCandidates, rankKeyOf } from './suggestions/ranking.js';
import { decodeRankKey, encodeRankKey } from './suggestions/token.js';
import { loadVia } from './suggestions/via.js';

/**
 * Creators to follow, each with the reason it is suggested (rule in suggestions/ranking.ts). The ranked
 * list is recomputed per request from bounded candidate queries; the continuation token is a signed rank
 * key of the last creator shown, and the next page starts strictly after it. The last page carries none.
 */
export default defineRoute(getSuggestedCreators, async ({ query, caller, ctx }) => {
  const me = caller.citizenId;
  const secret = ctx.keys.cursorSecret;
  const after = decodeRankKey(secret, me, query.continuationToken);
  const ranked = rankCandidates(await loadCandidates(ctx.db, me));
  const page = pageAfter(ranked, after, query.size);
  const ids = page.map((candidate) => candidate.person.id);
  const [relations, via] = await Promise.all([loadRelations(ctx.db, me, ids), loadVia(ctx.db, me, page)]);
  // A token only while someone is left after this page, so a client never asks for a page that is empty.
  const last = page.at(-1);
  const more = last !== undefined && last !== ranked.at(-1);
  return {
    data: page.map(({ person, reason }) => suggestedCreatorView(person, relations, reason, via.get(person.id) ?? [])),
    continuationToken: more ? encodeRankKey(secret, me, rankKeyOf(last)) : null,
  };
});
