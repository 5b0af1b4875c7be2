import type { EndpointDef } from '@civitas/contract';
import { type ContinuationPage, nextContinuationToken, nextOffset, type OffsetPage } from '../behaviour/paging';
import { buildRequest, type ContractRequest, type RequestOf, type ResultOf } from './contract-request';

/*
 * Endpoint definitions derived from contract objects: `build.query(fromContract(getPost))` infers the argument
 * from the request schemas and the result from the response schema, so no type is written by hand.
 */

// The base query has already checked the body against this endpoint's response schema (or failed with
// PARSING_ERROR), so the value is of the schema's type.
const asResultOf =
  <E extends EndpointDef>(_endpoint: E) =>
  (data: unknown): ResultOf<E> =>
    data as ResultOf<E>;

/** A query or mutation: `build.query(fromContract(endpoint))`, `build.mutation(fromContract(endpoint))`. */
export const fromContract = <E extends EndpointDef>(endpoint: E) => ({
  query: (request: RequestOf<E>): ContractRequest => buildRequest(endpoint, request),
  transformResponse: asResultOf(endpoint),
});

/** What an infinite query's `query` receives: the caller's argument and the page to fetch. */
interface PageRequest<Arg, PageParam> {
  readonly queryArg: Arg;
  readonly pageParam: PageParam;
}

/** The request with extra query values (the page parameter) merged in. */
const withQuery = <E extends EndpointDef>(request: RequestOf<E>, extra: Record<string, unknown>): RequestOf<E> => {
  const current = (request ?? {}) as { query?: Record<string, unknown> };
  return { ...current, query: { ...current.query, ...extra } } as RequestOf<E>;
};

type ContinuationEndpoint = EndpointDef & {
  readonly success: { readonly body: { parse(v: unknown): ContinuationPage } };
};
type OffsetEndpoint = EndpointDef & { readonly success: { readonly body: { parse(v: unknown): OffsetPage } } };

/** An infinite query over a continuation-paged call: `build.infiniteQuery(continuationFromContract(endpoint))`. */
export const continuationFromContract = <E extends ContinuationEndpoint>(endpoint: E) => ({
  infiniteQueryOptions: {
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ResultOf<E>) => nextContinuationToken(lastPage as ContinuationPage),
  },
  query: ({ queryArg, pageParam }: PageRequest<RequestOf<E>, string | null>): ContractRequest =>
    buildRequest(endpoint, pageParam ? withQuery(queryArg, { continuationToken: pageParam }) : queryArg),
  transformResponse: asResultOf(endpoint),
});

/** The page size the server applies: what was asked for, or the schema's default. */
const limitOf = (endpoint: EndpointDef, request: unknown): number => {
  const query = (request as { query?: unknown } | undefined)?.query ?? {};
  const parsed = endpoint.querystring?.safeParse(query);
  const limit = parsed?.success ? (parsed.data as { limit?: unknown }).limit : undefined;
  if (typeof limit !== 'number') throw new Error(`${endpoint.method} ${endpoint.path} is not offset-paged`);
  return limit;
};

/** An infinite query over an offset-paged call: `build.infiniteQuery(offsetFromContract(endpoint))`. */
export const offsetFromContract = <E extends OffsetEndpoint>(endpoint: E) => ({
  infiniteQueryOptions: {
    initialPageParam: 0,
    getNextPageParam: (
      lastPage: ResultOf<E>,
      _allPages: ResultOf<E>[],
      lastOffset: number,
      _allOffsets: number[],
      request: RequestOf<E>,
    ) => nextOffset(lastPage as OffsetPage, lastOffset, limitOf(endpoint, request)),
  },
  query: ({ queryArg, pageParam }: PageRequest<RequestOf<E>, number>): ContractRequest =>
    buildRequest(endpoint, withQuery(queryArg, { offset: pageParam })),
  transformResponse: asResultOf(endpoint),
});
