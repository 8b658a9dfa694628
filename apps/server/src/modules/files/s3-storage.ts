import type { S3StorageConfig } from '../../config/storage.ts';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from './signed-links.ts';
import { assertStorageKey } from './storage.ts';
import type { Storage } from './storage.ts';

/** Uploads go in parts of this size, at most two parts in flight: bounded memory whatever the file. */
const PART_SIZE_BYTES = 5 * 1024 * 1024;

function clientConfig(config: S3StorageConfig, endpoint: string | null): S3ClientConfig {
  return {
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores reject the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
}

/** Storage in an S3 bucket (or any S3-compatible store): the same keys as on local disk. */
export function createS3Storage(config: S3StorageConfig): Storage & { ensureBucket(): Promise<'exists' | 'created'>; close(): void } {
  const client = new S3Client(clientConfig(config, config.endpoint));
  const signer = config.publicEndpoint ? new S3Client(clientConfig(config, config.publicEndpoint)) : client;
  const object = (key: string) => {
    assertStorageKey(key);
    return { Bucket: config.bucket, Key: key };
  };

  return {
    driver: 's3',
    async put(key, data, options) {
      // lib-storage sends a small body as one PutObject and a stream as a multipart upload, part by part.
      const upload = new Upload({
        client,
        params: { ...object(key), Body: data, ...(options?.contentType ? { ContentType: options.contentType } : {}) },
        partSize: PART_SIZE_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      const response = await client.send(new GetObjectCommand(object(key)));
      if (!response.Body) throw new Error(`S3 returned no body for ${key}`);
      return Buffer.from(await response.Body.transformToByteArray());
    },
    async stream(key, range) {
      const response = await client.send(
        new GetObjectCommand({ ...object(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return response.Body;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand(object(key)));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async directLink(key, options) {
      const command = new GetObjectCommand({
        ...object(key),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: contentDisposition(options.disposition, options.fileName),
        ResponseCacheControl: 'private, max-age=300',
      });
      return getSignedUrl(signer, command, { expiresIn: Math.max(1, Math.floor(options.expiresInSeconds)) });
    },
    /** Start-up check: the bucket answers; a missing one is created (MinIO in compose, a fresh account). */
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
        return 'exists';
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
      return 'created';
    },
    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}
