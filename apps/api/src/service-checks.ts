import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { s3Settings } from './media/storage/s3-settings.js';

const CHECK_TIMEOUT_MS = 5_000;

/** Where a URL points, without its credentials: what a boot message may show. */
const hostOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'rediss:' ? '6380' : '6379')}`;
};

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The parts the configuration names must answer before an instance serves or works: a wrong REDIS_URL or
 * bucket otherwise shows up as failed requests or jobs much later. The database is checked by opening it
 * (migrations run first). Messages name the setting and where it points, never a secret.
 */
export async function checkServices(config: Config, redis: Redis | null): Promise<void> {
  const problems: string[] = [];
  if (redis && config.REDIS_URL) {
    const where = hostOf(config.REDIS_URL);
    await withTimeout(redis.ping(), `Redis at ${where}`).catch((error: unknown) =>
      problems.push(`REDIS_URL: Redis at ${where} cannot be used (${reason(error)})`),
    );
  }
  const s3 = s3Settings(config);
  if (s3) {
    // Loaded only when a bucket is configured, as the storage drivers are.
    const [{ HeadBucketCommand }, { openBucket }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('./media/storage/s3-bucket.js'),
    ]);
    const bucket = openBucket(s3);
    try {
      await withTimeout(bucket.client.send(new HeadBucketCommand({ Bucket: bucket.name })), `S3 at ${s3.endpoint}`);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404 ? 'there is no such bucket' : status === 403 ? 'the credentials are refused' : reason(error);
      problems.push(`S3_BUCKET: bucket "${bucket.name}" at ${s3.endpoint} cannot be used (${why})`);
    } finally {
      bucket.client.destroy();
    }
  }
  if (problems.length > 0) throw new Error(`configured services do not answer: ${problems.join('; ')}`);
}
