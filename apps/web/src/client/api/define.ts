import type { EndpointDef } from '@civitas/contract';
import type { Route, RouteInfo } from '@civitas/contract/routes-table';
import { type ContinuationPage, nextContinuationToken, nextOffset, type OffsetPage } from '../behaviour/paging';
import { buildRequest, type ContractRequest, type RequestOf, type ResultOf } from './contract-request';

/*
 * Endpoint definitions derived from the contract's routes: `build.query(fromContract(routeTable.getPost))`
 * infers the argument from the endpoint's request schemas and the result from its response schema (types
 * only: the route carries no schema), so no type is written by hand.
 */

// The server checks every answer against this endpoint's response schema before sending it (a mismatch is
// its 500, never a success), so a JSON success body is of the schema's type.
const asResultOf =
  <E extends EndpointDef>(_route: Route<E>) =>
  (data: unknown): ResultOf<E> =>
    data as ResultOf<E>;

/** A query or mutation: `build.query(fromContract(route))`, `build.mutation(fromContract(route))`. */
export const fromContract = <E extends EndpointDef>(route: Route<E>) => ({
  query: (request: RequestOf<E>): ContractRequest => buildRequest(route, request),
  transformResponse: asResultOf(route),
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

/** An infinite query over a continuation-paged call: `build.infiniteQuery(continuationFromContract(route))`. */
export const continuationFromContract = <E extends ContinuationEndpoint>(route: Route<E>) => ({
  infiniteQueryOptions: {
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ResultOf<E>) => nextContinuationToken(lastPage as ContinuationPage),
  },
  query: ({ queryArg, pageParam }: PageRequest<RequestOf<E>, string | null>): ContractRequest =>
    buildRequest(route, pageParam ? withQuery(queryArg, { continuationToken: pageParam }) : queryArg),
  transformResponse: asResultOf(route),
});

/** The page size the server applies: what was asked for, or the query's default. */
const limitOf = (route: RouteInfo, request: unknown): number => {
  const asked = (request as { query?: { limit?: unknown } } | undefined)?.query?.limit;
  const limit = Number(asked ?? route.defaults?.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`${route.method} ${route.path} is not offset-paged`);
  return limit;
};

/** An infinite query over an offset-paged call: `build.infiniteQuery(offsetFromContract(route))`. */
export const offsetFromContract = <E extends OffsetEndpoint>(route: Route<E>) => ({
  infiniteQueryOptions: {
    initialPageParam: 0,
    getNextPageParam: (
      lastPage: ResultOf<E>,
      _allPages: ResultOf<E>[],
      lastOffset: number,
      _allOffsets: number[],
      request: RequestOf<E>,
    ) => nextOffset(lastPage as OffsetPage, lastOffset, limitOf(route, request)),
  },
  query: ({ queryArg, pageParam }: PageRequest<RequestOf<E>, number>): ContractRequest =>
    buildRequest(route, withQuery(queryArg, { offset: pageParam })),
  transformResponse: asResultOf(route),
});
