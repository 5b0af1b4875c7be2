import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { parse } from 'fast-querystring';

/**
 * How a request's query and its client's address are read, defined once (ADR 060): Fastify is configured with
 * these (app.ts: `routerOptions.querystringParser`, `trustProxy`), and the express lane, which answers some GETs
 * before Fastify has read anything, calls the same. The lane's equivalence tests send the cases where a second
 * reading could differ (a repeated or encoded key, X-Forwarded-For with and without TRUST_PROXY).
 */

/** A query string (the text after `?`) as the routes' schemas see it: a repeated key gives an array. */
export const parseQuery = (text: string): Record<string, unknown> => (text.length === 0 ? {} : parse(text));

/** Which peers' X-Forwarded-For is believed, made once per app: none, or the proxies TRUST_PROXY names. */
export type ProxyTrust = ((address: string, hop: number) => boolean) | false;

/** TRUST_PROXY (config.ts: a comma-separated list of addresses or CIDR ranges) as the test of a peer. */
export const proxyTrust = (trustProxy: string | undefined): ProxyTrust =>
  trustProxy === undefined ? false : proxyAddr.compile(trustProxy.split(',').map((address) => address.trim()));

/**
 * The client's address, as Fastify's `request.ip` gives it with the same trust: the peer's own, or, when the
 * peer is a trusted proxy, the nearest address it forwarded that is not itself trusted.
 */
export const clientAddress = (request: IncomingMessage, trust: ProxyTrust): string | undefined =>
  trust === false ? request.socket.remoteAddress : proxyAddr.all(request, trust).at(-1);
