import type { EndpointDef, ResponseOf } from '@civitas/contract';
import { fullPath, type Route, type RouteInfo } from '@civitas/contract/routes-table';

/**
 * What a schema accepts on the wire (its input), as opposed to `ParamsOf`/`QueryOf`/`BodyOf`, which are what
 * the server holds after parsing: query defaults (`limit`, `size`) are optional to send, and a snapshot
 * `timestamp` is sent as text. Read through the Standard Schema types every zod schema carries.
 */
type InputOf<S> = S extends { readonly '~standard': { readonly types?: infer T } }
  ? NonNullable<T> extends { readonly input: infer I }
    ? I
    : never
  : never;

/** Nothing has to be sent: the schema accepts no value, or an object whose every field is optional. */
type Omissible<I> = undefined extends I ? true : Record<never, never> extends I ? true : false;

/** A request part: required when its schema demands a value, optional otherwise. */
type Part<Key extends string, E, Field extends keyof EndpointDef> = E extends { readonly [F in Field]: infer S }
  ? Omissible<InputOf<S>> extends true
    ? { readonly [K in Key]?: InputOf<S> }
    : { readonly [K in Key]: InputOf<S> }
  : { readonly [K in Key]?: never };

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type TakesInput<E> = E extends
  | { readonly params: unknown }
  | { readonly querystring: unknown }
  | { readonly body: unknown }
  ? true
  : false;

/**
 * The argument of a call: `{ params, query, body }` as the endpoint's schemas define them, or nothing for a
 * call that takes no input (so `useGetMeQuery()` needs no argument).
 */
export type RequestOf<E extends EndpointDef> =
  TakesInput<E> extends true
    ? Flatten<Part<'params', E, 'params'> & Part<'query', E, 'querystring'> & Part<'body', E, 'body'>>
    : // biome-ignore lint/suspicious/noConfusingVoidType: RTK Query reads a void argument as "none" (`useGetMeQuery()`)
      void;

/** What a call resolves to: the success body, or `undefined` for 204 No Content. */
export type ResultOf<E extends EndpointDef> = ResponseOf<E>;

/**
 * Everything the base query needs to send one call and read its answer. Built from a route (the browser: no
 * schemas) or from the endpoint itself (server rendering, which checks answers against the schemas).
 */
export interface ContractRequest {
  readonly url: string;
  readonly method: EndpointDef['method'];
  readonly access: EndpointDef['access'];
  /** The success answer has no body (204): the call resolves to `undefined`. */
  readonly noContent: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** A contract endpoint, or its schema-free route. */
type Callable = EndpointDef | RouteInfo;

export const API_VERSION_HEADER = 'X-API-Version';

/** The version a client speaks: the newest the contract lists (the server's default too). */
export const latestVersion = (route: Pick<RouteInfo, 'method' | 'path' | 'versions'>): string => {
  const latest = route.versions.at(-1);
  if (latest === undefined) throw new Error(`${route.method} ${route.path} lists no version`);
  return latest;
};

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `a=1&contentId=x&contentId=y`: arrays repeat their key (docs/product.md §7), absent values are left out. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/api/content/v1/creators-content/:id` with `{ id }` → `/api/content/v1/creators-content/<id>`. */
export function pathWithParams(
  route: Pick<RouteInfo, 'service' | 'method' | 'path'>,
  params: Readonly<Record<string, unknown>> | undefined,
): string {
  return fullPath(route).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.method} ${route.path} needs the path parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}

interface LooseRequest {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly body?: unknown;
}

const hasNoContent = (callable: Callable): boolean =>
  'success' in callable ? callable.success.body === null : callable.noContent === true;

/** Turns a contract endpoint (or its route) and its argument into the request the base query sends. */
export function buildRequest<E extends EndpointDef>(callable: E | Route<E>, request: RequestOf<E>): ContractRequest {
  const { params, query, body } = (request ?? {}) as LooseRequest;
  return {
    url: pathWithParams(callable, params) + queryString(query),
    method: callable.method,
    access: callable.access,
    noContent: hasNoContent(callable),
    headers: { [API_VERSION_HEADER]: latestVersion(callable) },
    ...(callable.body !== undefined && body !== undefined ? { body } : {}),
  };
}
