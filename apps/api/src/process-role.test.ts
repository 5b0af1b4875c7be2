import { describe, expect, it } from 'vitest';
import { loadConfig as loadEnv } from './config.js';
import { describeRole, runsMediaWorker, servesHttp } from './process-role.js';

const loadConfig = (env: Record<string, string>) => loadEnv({ NODE_ENV: 'test', ...env });

const roleOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return { serves: servesHttp(config), works: runsMediaWorker(config) };
};

describe('ROLE', () => {
  it('runs everything by default, as before', () => {
    expect(roleOf({})).toEqual({ serves: true, works: true });
    expect(roleOf({ MEDIA_WORKER: 'false' })).toEqual({ serves: true, works: false });
  });

  it('serves only as web (over MEDIA_WORKER) and only works as worker', () => {
    expect(roleOf({ ROLE: 'web' })).toEqual({ serves: true, works: false });
    expect(roleOf({ ROLE: 'web', MEDIA_WORKER: 'true' })).toEqual({ serves: true, works: false });
    expect(roleOf({ ROLE: 'worker' })).toEqual({ serves: false, works: true });
  });

  it('is checked at boot with a clear message', () => {
    expect(() => loadConfig({ ROLE: 'both' })).toThrow(/^invalid configuration: ROLE: /);
    expect(() => loadConfig({ ROLE: 'worker', MEDIA_WORKER: 'false' })).toThrow(
      'invalid configuration: ROLE: ROLE=worker runs only the media worker, which MEDIA_WORKER=false turns off: unset one of them',
    );
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(
      'invalid configuration: REDIS_URL: REDIS_URL must be a redis:// or rediss:// URL',
    );
    expect(() => loadConfig({ JOB_QUEUE_PREFIX: 'a b' })).toThrow(/JOB_QUEUE_PREFIX must be/);
  });

  it('says at boot what the process runs and on which queue, never the Redis URL', () => {
    expect(describeRole(loadConfig({}))).toBe('ROLE=all: serving HTTP and the media worker, on the embedded job queue');
    const line = describeRole(loadConfig({ ROLE: 'worker', REDIS_URL: 'redis://:secret@127.0.0.1:6379' }));
    expect(line).toBe('ROLE=worker: the media worker, on the Redis (BullMQ) job queue');
  });
});
