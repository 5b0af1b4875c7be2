import type { Redis } from 'ioredis';
import { instanceChannel } from './instance-channel.js';

/**
 * Writes that make other instances' in-memory state stale before its own time bound runs out. Everything
 * else cached is either checked against the live row on every read (post content, checked JSON) or stale by
 * a bound the configuration documents (a guest's page, a mentioned citizen's name): ADR 024.
 */
export type CacheEvent =
  /** A post went on or off a stage: stage heads, skeletons and pages are read again. */
  | 'stage-changed'
  /** A signing key was added or retired: the key ring is read again. */
  | 'keys-changed'
  /** An account was signed out everywhere: the recent sign-outs are read again (http/auth/sign-outs.ts). */
  | 'sign-outs-changed';

const CACHE_EVENTS: readonly CacheEvent[] = ['stage-changed', 'keys-changed', 'sign-outs-changed'];
export const CACHE_CHANNEL = 'civitas:cache-events';

export interface CacheBus {
  /**
   * Applies the event in this process (waiting for handlers that return a promise) and, with Redis, on every other
   * instance subscribed. Never throws.
   */
  announce(event: CacheEvent): Promise<void>;
  on(event: CacheEvent, handler: () => void | Promise<void>): void;
  /** Resolves once this instance hears other instances' announcements (at once without Redis). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * The bus of one instance. Without Redis it is local: announcements reach this process only, which is all
 * there is. With Redis, announcements are published on one channel and every instance (the CLI included, as
 * a publisher) clears its own caches; this instance's own messages are recognised by its id and not applied
 * twice. Pub/sub is at-most-once: an instance that misses a message (reconnecting) still sees the change
 * within the cache's own time bound, which stays the guarantee.
 */
export function createCacheBus(redis: Redis | null, onError: (error: unknown) => void = () => {}): CacheBus {
  const handlers = new Map<CacheEvent, (() => void | Promise<void>)[]>();
  // A failing handler is reported, never thrown: the write that announced has already been made. Handlers run in
  // the order they were added, each after the last, so a later one sees what an earlier one reloaded (the live
  // streams check their tokens once the sign-outs are read again).
  const apply = async (event: CacheEvent) => {
    for (const handler of handlers.get(event) ?? []) await Promise.resolve().then(handler).catch(onError);
  };
  const channel = instanceChannel(
    redis,
    CACHE_CHANNEL,
    (event) => {
      if (CACHE_EVENTS.includes(event as CacheEvent)) void apply(event as CacheEvent);
    },
    onError,
  );
  return {
    async announce(event) {
      await apply(event);
      // The write is already made: Redis away loses only the early notice, never the answer to the write.
      await channel.publish(event);
    },
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    ready: channel.ready,
    async close() {
      channel.close();
    },
  };
}
