import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, B2...); AWS itself when unset. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (/bucket/key) instead of the host name: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** The AWS SDK's own chain (environment, instance role) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const notThere = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.$metadata.httpStatusCode === 404));

/** Objects in one bucket of an S3-compatible service, the key as the object's key. */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint && { endpoint: opts.endpoint }),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.credentials && { credentials: opts.credentials }),
    // Checksums only where S3 requires one: several S3-compatible services refuse the newer
    // default (CRC32 trailers in aws-chunked bodies); every body is still signed (SigV4).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;

  const open = async (key: string) => {
    assertStorageKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (notThere(err)) return null;
      throw err;
    }
  };

  return {
    kind: 's3',
    async put(key, bytes, { contentType }) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      const res = await open(key);
      if (!res?.Body) return null;
      const bytes = Buffer.from(await res.Body.transformToByteArray());
      return { bytes, contentType: res.ContentType ?? 'application/octet-stream' };
    },
    async stream(key) {
      const res = await open(key);
      if (!res?.Body) return null;
      return {
        body: res.Body as Readable,
        contentType: res.ContentType ?? 'application/octet-stream',
        ...(res.ContentLength !== undefined && { size: res.ContentLength }),
      };
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
