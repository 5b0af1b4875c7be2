import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The machine's Redis, shared with other people's tests: every test app gets its own key prefix. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A JOB_QUEUE_PREFIX no other test run uses. */
export const uniqueQueuePrefix = () => `civitas-test-${randomBytes(6).toString('hex')}`;

/** The environment of an instance whose media jobs go through BullMQ under a fresh prefix. */
export const redisQueueEnv = () => ({ REDIS_URL: testRedisUrl, JOB_QUEUE_PREFIX: uniqueQueuePrefix() });

/** Deletes every key under a queue prefix (what a test made), never anything else. */
export async function deleteQueueKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
