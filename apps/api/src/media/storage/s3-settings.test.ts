import { describe, expect, it } from 'vitest';
import { loadConfig as loadConfigOf } from '../../config.js';
import { securityHeaders } from '../../http/security-headers.js';
import { objectStorageOrigins, s3Settings } from './s3-settings.js';

const complete = {
  S3_ENDPOINT: 'http://minio.internal:9000',
  S3_BUCKET: 'civitas-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
  S3_SECRET_ACCESS_KEY: 'very-secret-key-never-shown',
};

const loadConfig = (env: Record<string, string>) => loadConfigOf({ NODE_ENV: 'test', ...env });

const bootError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('object storage configuration, checked at boot', () => {
  it('keeps media embedded when none of S3_* is set', () => {
    const config = loadConfig({});
    expect(s3Settings(config)).toBeNull();
    expect(objectStorageOrigins(config)).toBeNull();
  });

  it('refuses part of it with one message naming what is missing, and no secret', () => {
    const message = bootError({ S3_BUCKET: 'civitas-media', S3_SECRET_ACCESS_KEY: complete.S3_SECRET_ACCESS_KEY });
    expect(message).toBe(
      'invalid configuration: media on object storage needs S3_ENDPOINT, S3_ACCESS_KEY_ID as well ' +
        '(S3_BUCKET, S3_SECRET_ACCESS_KEY are set). Set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, ' +
        'S3_SECRET_ACCESS_KEY, or none of them to keep media under DATA_DIR.',
    );
    expect(message).not.toContain(complete.S3_SECRET_ACCESS_KEY);
    expect(bootError({ ...complete, S3_ACCESS_KEY_ID: '' })).toContain('S3_ACCESS_KEY_ID');
    expect(bootError({ S3_PUBLIC_URL: 'https://cdn.example' })).toContain(
      'needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as well (S3_PUBLIC_URL is set)',
    );
  });

  it('refuses values that cannot work', () => {
    expect(bootError({ ...complete, S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT: S3_ENDPOINT must be an http:// or https:// URL',
    );
    expect(bootError({ ...complete, S3_BUCKET: 'Civitas_Media' })).toContain('S3_BUCKET must be a bucket name');
    expect(bootError({ ...complete, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
    expect(bootError({ ...complete, S3_PUBLIC_URL: 'ftp://cdn.example' })).toContain('S3_PUBLIC_URL');
  });

  it('reads media at the bucket address by default, or at the CDN origin given', () => {
    expect(s3Settings(loadConfig(complete))).toMatchObject({
      endpoint: complete.S3_ENDPOINT,
      bucket: 'civitas-media',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'http://minio.internal:9000/civitas-media',
    });
    const virtualHosted = loadConfig({
      ...complete,
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(s3Settings(virtualHosted)?.publicUrl).toBe('https://civitas-media.s3.eu-west-1.amazonaws.com');
    expect(objectStorageOrigins(virtualHosted)).toEqual({
      media: 'https://civitas-media.s3.eu-west-1.amazonaws.com',
      uploads: ['https://civitas-media.s3.eu-west-1.amazonaws.com', 'https://s3.eu-west-1.amazonaws.com'],
    });
    const cdn = loadConfig({ ...complete, S3_PUBLIC_URL: 'https://media.civitas.example/' });
    expect(s3Settings(cdn)?.publicUrl).toBe('https://media.civitas.example');
    expect(objectStorageOrigins(cdn)).toEqual({
      media: 'https://media.civitas.example',
      uploads: ['http://minio.internal:9000'],
    });
  });
});

describe('the page policy with object storage', () => {
  const directives = (policy: string) =>
    Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));

  it('is unchanged without it', () => {
    const page = directives(securityHeaders('http://localhost:3000').pagePolicy('n'));
    expect(page['img-src']).toBe("img-src 'self' data: blob:");
    expect(page['media-src']).toBe("media-src 'self' blob:");
    expect(page['connect-src']).toBe("connect-src 'self'");
  });

  it('lets pages show media from the media origin and send parts to the bucket', () => {
    const origins = objectStorageOrigins(loadConfig({ ...complete, S3_PUBLIC_URL: 'https://media.civitas.example' }));
    const page = directives(securityHeaders('http://localhost:3000', origins ?? undefined).pagePolicy('n'));
    expect(page['img-src']).toBe("img-src 'self' https://media.civitas.example data: blob:");
    expect(page['media-src']).toBe("media-src 'self' https://media.civitas.example blob:");
    expect(page['connect-src']).toBe("connect-src 'self' https://media.civitas.example http://minio.internal:9000");
  });
});
