import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../../config.js';

/**
 * Which push endpoints the server posts to (ADR 079). An endpoint is an address a browser hands us and the server
 * then calls, so it is held to what a push service is: https, on the public internet. Development and tests may
 * use a push service on this machine, over plain http too (the tests run one); never in production. The address
 * is checked when the subscription is stored (its text) and again on every push (where its name resolves to), so
 * a name that later points inside the network reaches nothing there.
 */

/** Whether the settings let pushes go to this machine (a local push service): development and tests only. */
export const localPushAllowed = (config: Pick<Config, 'NODE_ENV'>): boolean =>
  config.NODE_ENV === 'development' || config.NODE_ENV === 'test';

/** Whether an address may be pushed to: public unicast, or this machine's where local pushes are allowed. */
function reachable(address: string, local: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (local && range === 'loopback');
}

const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

/** What is wrong with an endpoint, in words a person can act on; null when the server may push to it. */
export function endpointProblem(endpoint: string, local: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be an absolute https:// address';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const onThisMachine = isLocalName(host) || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback');
  const where = local
    ? 'an https:// address of a push service (or, in development and tests, an http:// one on this machine)'
    : 'an https:// address of a push service on the public internet';
  if (url.username || url.password) return `The endpoint must not carry a user name or password; send ${where}`;
  if (url.protocol === 'http:' && !(local && onThisMachine)) return `The endpoint must be ${where}`;
  if (onThisMachine && !local) return `The endpoint must be ${where}, not this machine`;
  if (ipaddr.isValid(host) && !reachable(host, local)) {
    return `The endpoint must be ${where}, not a private or reserved network address`;
  }
  return null;
}

/** Refused where a push endpoint's name leads inside the network. */
export class UnreachablePushAddress extends Error {
  readonly code = 'EPUSHADDRESS';
}

/**
 * The DNS lookup of a push request: the name's addresses, refused when any is not one `reachable` allows (a
 * name pointing at a private network, the cloud's metadata address, this machine in production).
 */
export const pushLookup =
  (local: boolean): LookupFunction =>
  (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const reply = callback as (error: Error | null, address: unknown, family?: number) => void;
      if (error) return reply(error, options.all ? [] : '');
      const refused = addresses.find((entry) => !reachable(entry.address, local));
      const first = addresses[0];
      if (refused || !first) {
        return reply(new UnreachablePushAddress(`${hostname} leads to ${refused?.address ?? 'no address'}`), '');
      }
      if (options.all) return reply(null, addresses);
      return reply(null, first.address, first.family);
    });
  };
