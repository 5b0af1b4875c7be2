import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One Redis pub/sub channel as one instance uses it (cache-bus.ts, citizen-bell.ts). */
export interface InstanceChannel {
  /** Publishes to the other instances (nothing without Redis). Never throws: a failure is reported. */
  publish(text: string): Promise<void>;
  /** Resolves once this instance hears the others (at once without Redis). */
  readonly ready: Promise<void>;
  close(): void;
}

/**
 * Messages are stamped with this instance's id, so its own are not heard back: the publisher has applied them in
 * process already. A subscription still being made when the channel closes (a short CLI command) fails harmlessly
 * and is not reported.
 */
export function instanceChannel(
  redis: Redis | null,
  name: string,
  hear: (text: string) => void,
  onError: (error: unknown) => void,
): InstanceChannel {
  const instance = randomUUID();
  let closed = false;
  const report = (error: unknown) => {
    if (!closed) onError(error);
  };
  const subscriber = redis?.duplicate() ?? null;
  let ready: Promise<void> = Promise.resolve();
  if (subscriber) {
    subscriber.on('error', report);
    subscriber.on('message', (_channel: string, message: string) => {
      const space = message.indexOf(' ');
      if (space > 0 && message.slice(0, space) !== instance) hear(message.slice(space + 1));
    });
    ready = subscriber.subscribe(name).then(() => undefined);
    ready.catch(report);
  }
  return {
    async publish(text) {
      await redis?.publish(name, `${instance} ${text}`).catch(report);
    },
    ready,
    close() {
      closed = true;
      subscriber?.disconnect();
    },
  };
}
