import type { z } from 'zod';

/** The service base paths of the public surface; a route's full path is `/api/<service><path>`. */
export const services = [
  'content',
  'social',
  'users',
  'graphs',
  'identity',
  'charities',
  'payments',
  'groups',
  'flows',
  // The web app's own-origin session routes (cookies), not a service of docs/product.md §7.
  'auth',
  // The analytics websocket's HTTP twin (docs/product.md §3): `/api/analytics` itself.
  'analytics',
  // Reports and moderation (ADR 070).
  'moderation',
  // Notifications (ADR 077).
  'notifications',
] as const;
export type ServiceName = (typeof services)[number];

/**
 * Who may call an endpoint (docs/product.md §6). The server enforces it through one scoped plugin per level;
 * a machine endpoint also names the scope its token must carry.
 */
export type Access = 'none' | 'citizen' | 'citizenOrGuest' | 'machine';

/** A role a citizen may hold beyond being one, given and taken by the admin CLI (ADR 070). */
export type CitizenRole = 'moderator';

export type MachineScope =
  | 'charities'
  | 'content'
  | 'flows'
  | 'graphs'
  | 'identity'
  | 'payments'
  | 'social'
  | 'socket'
  | 'users';

export interface EndpointDef {
  readonly service: ServiceName;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path below the service base, e.g. `/v1/creators-content/:id`. */
  readonly path: string;
  readonly access: Access;
  readonly scope?: MachineScope;
  /** A citizen call only a holder of this role may make (others: 403 `NOT_A_MODERATOR`); read per request. */
  readonly role?: CitizenRole;
  /** Accepted `X-API-Version` values; the last is the latest, used when the header is missing. */
  readonly versions: readonly string[];
  readonly summary: string;
  /** Abuse-prone calls (sign-in, sign-up, codes, tokens): limited per IP, answering 429 with Retry-After. */
  readonly rateLimited?: true;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body is raw bytes (`application/octet-stream`), streamed by the handler rather than parsed. */
  readonly rawBody?: true;
  /**
   * The answer is a `text/event-stream` that stays open (server-sent events); `success.body` documents one event's
   * data. Refusals (401, 403, 400, 429) are answered before it opens, as JSON like every other call's.
   */
  readonly eventStream?: true;
  /** Error statuses beyond 400-409 (and 429 when rate-limited) that the call answers, for the OpenAPI. */
  readonly errors?: readonly (413 | 415 | 422 | 429 | 503)[];
  /** Success status and body schema; `null` body means 204 No Content. */
  readonly success: { readonly status: 200 | 201 | 202 | 204; readonly body: z.ZodType | null };
}

export const defineEndpoint = <const E extends EndpointDef>(endpoint: E): E => endpoint;

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type ParamsOf<E extends EndpointDef> = Infer<E['params']>;
export type QueryOf<E extends EndpointDef> = Infer<E['querystring']>;
export type BodyOf<E extends EndpointDef> = Infer<E['body']>;
export type ResponseOf<E extends EndpointDef> = E['success']['body'] extends z.ZodType
  ? z.infer<E['success']['body']>
  : undefined;

export const fullPath = (endpoint: Pick<EndpointDef, 'service' | 'path'>): string =>
  `/api/${endpoint.service}${endpoint.path}`;
