import { Id } from '@civitas/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionCookieNames } from '../../http/auth/cookies.js';
import { presentedToken } from '../../http/request-checks.js';
import type { PostFilesGate } from '../../media/serve-media.js';
import { hydratePosts } from '../posts/hydrate.js';
import { asNobodyInParticular, passesAll, standardRules } from '../posts/visibility.js';

/**
 * Who may read a post's files (`/media/posts/<postId>/…`), asked of the one owner of who may see a post
 * (posts/visibility.ts, ADR 062) on every request (ADR 075):
 * - `everyone`: the post passes the standard rules for nobody in particular (public, ready, not deleted, not hidden,
 *   its author there and not suspended). The answer is the same whoever asks, so it keeps its year-long public cache.
 * - `reader`: it passes them only for this reader (a friends-only post for its author or a friend, a hidden post for
 *   its author). The answer is this reader's, so it is cached privately and briefly.
 * - null: a 404, as for a file that is not there: the post is not one this reader may see, or the id is not a post's.
 *
 * The reader is read as the API reads them: the bearer token, else the web session's cookie; a guest, a machine, a
 * token that does not verify (forged, expired, signed out everywhere, suspended) or none is nobody in particular.
 * One live read serves both questions: the reader's facts, and the same facts without the reader's.
 */
export function postFilesGate(ctx: AppContext): PostFilesGate {
  const cookieNames = sessionCookieNames(ctx.config.PUBLIC_URL);
  return async (postId, request) => {
    const parsed = Id.safeParse(postId);
    // Ids are stored in lower case; any other spelling names no folder, and is refused before a read.
    if (!parsed.success || parsed.data !== postId) return null;
    const readerId = await citizenReading(ctx, request, cookieNames);
    const hydration = await hydratePosts(ctx, [postId], readerId);
    const post = hydration.posts.get(postId);
    if (!post) return null;
    if (passesAll(standardRules, post, asNobodyInParticular(hydration))) return 'everyone';
    if (readerId !== null && passesAll(standardRules, post, hydration)) return 'reader';
    return null;
  };
}

/** The signed-in citizen a media request comes from, or null for anyone else (a file is never a 401). */
async function citizenReading(
  ctx: AppContext,
  request: FastifyRequest,
  cookieNames: ReturnType<typeof sessionCookieNames>,
): Promise<string | null> {
  let token: string | null;
  try {
    token = presentedToken(request.headers, request.cookies, cookieNames);
  } catch {
    return null; // an Authorization header that is not "Bearer <token>": nobody
  }
  if (token === null || token.length > 4096) return null;
  const caller = await ctx.tokens.verify(token);
  return caller?.kind === 'citizen' ? caller.citizenId : null;
}
