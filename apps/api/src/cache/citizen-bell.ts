import type { Redis } from 'ioredis';
import { instanceChannel } from './instance-channel.js';

export const BELL_CHANNEL = 'civitas:citizen-bell';

/**
 * Tells every instance that something a citizen is shown live has changed (their notifications: ADR 078), so
 * the live streams open for them there read it again. Only ids cross Redis, never what changed: each instance
 * reads that from the database for the citizen its stream was opened by.
 */
export interface CitizenBell {
  /** Rings for these citizens on this instance and, with Redis, on every other one. Never throws. */
  ring(citizenIds: readonly string[]): Promise<void>;
  /** Calls `listener` whenever the citizen's bell rings; the answer stops listening. */
  listen(citizenId: string, listener: () => void): () => void;
  /** Resolves once this instance hears other instances' rings (at once without Redis). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * One instance's bell: local without Redis (embedded, one process is all there is); with Redis, rings are
 * published on one channel, as the cache bus's events are (cache/cache-bus.ts), and this instance's own are
 * recognised by its id and not heard twice. Pub/sub is at-most-once: a stream that misses a ring catches up on
 * the next one, its heartbeat's, or its reconnection's (Last-Event-ID).
 */
export function createCitizenBell(redis: Redis | null, onError: (error: unknown) => void = () => {}): CitizenBell {
  const listeners = new Map<string, Set<() => void>>();
  const hear = (citizenIds: readonly string[]) => {
    for (const id of citizenIds) {
      for (const listener of listeners.get(id) ?? []) {
        try {
          listener();
        } catch (error) {
          onError(error);
        }
      }
    }
  };
  const channel = instanceChannel(redis, BELL_CHANNEL, (ids) => hear(ids.split(',')), onError);
  return {
    async ring(citizenIds) {
      if (citizenIds.length === 0) return;
      const distinct = [...new Set(citizenIds)];
      hear(distinct);
      await channel.publish(distinct.join(','));
    },
    listen(citizenId, listener) {
      const own = listeners.get(citizenId) ?? new Set();
      own.add(listener);
      listeners.set(citizenId, own);
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(citizenId) === own) listeners.delete(citizenId);
      };
    },
    ready: channel.ready,
    async close() {
      channel.close();
    },
  };
}
