/** Media on S3-compatible object storage (ADR 021), from the S3_* configuration. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where browsers read media, without a trailing slash: the bucket's public address or a CDN origin. */
  publicUrl: string;
}

/**
 * The S3_* settings as the configuration reads them (config.ts, which calls `s3Settings` to check they come
 * together: so this file names their shape rather than importing the configuration's type).
 */
interface S3Config {
  readonly S3_ENDPOINT?: string | undefined;
  readonly S3_BUCKET?: string | undefined;
  readonly S3_REGION: string;
  readonly S3_ACCESS_KEY_ID?: string | undefined;
  readonly S3_SECRET_ACCESS_KEY?: string | undefined;
  readonly S3_FORCE_PATH_STYLE: 'true' | 'false';
  readonly S3_PUBLIC_URL?: string | undefined;
}

// What must come together; S3_REGION and S3_FORCE_PATH_STYLE have defaults and S3_PUBLIC_URL a derived one.
const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket's own address for reading objects: endpoint/bucket (path style) or bucket.endpoint. */
function bucketAddress(endpoint: string, bucket: string, forcePathStyle: boolean): string {
  const url = new URL(endpoint);
  const path = url.pathname.replace(/\/+$/, '');
  return forcePathStyle ? `${url.origin}${path}/${bucket}` : `${url.protocol}//${bucket}.${url.host}${path}`;
}

/**
 * The object storage settings, or null when none of S3_* is set (media stays embedded under DATA_DIR). Part of
 * a configuration is refused at boot with the names of what is missing, rather than found out at the first
 * upload. Secrets never appear in the message.
 */
export function s3Settings(config: S3Config): S3Settings | null {
  const given = [...REQUIRED, 'S3_PUBLIC_URL' as const].filter((name) => config[name] !== undefined);
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((name) => config[name] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `invalid configuration: media on object storage needs ${missing.join(', ')} as well ` +
        `(${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set). Set all of ${REQUIRED.join(', ')}, or none of them to keep media under DATA_DIR.`,
    );
  }
  const [endpoint, bucket, accessKeyId, secretAccessKey] = REQUIRED.map((name) => config[name] as string) as [
    string,
    string,
    string,
    string,
  ];
  const forcePathStyle = config.S3_FORCE_PATH_STYLE === 'true';
  return {
    endpoint,
    bucket,
    region: config.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
    publicUrl: (config.S3_PUBLIC_URL ?? bucketAddress(endpoint, bucket, forcePathStyle)).replace(/\/+$/, ''),
  };
}

/**
 * The origins browsers reach with object storage, null when media is embedded: media reads, and part uploads at
 * the bucket's address (virtual-hosted style falls back to the path style for names a host cannot carry, such
 * as dotted names over https, so both are allowed then).
 */
export function objectStorageOrigins(config: S3Config): { media: string; uploads: string[] } | null {
  const s3 = s3Settings(config);
  if (!s3) return null;
  const uploads = new Set([new URL(bucketAddress(s3.endpoint, s3.bucket, s3.forcePathStyle)).origin]);
  uploads.add(new URL(s3.endpoint).origin);
  return { media: new URL(s3.publicUrl).origin, uploads: [...uploads] };
}
