export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, …); absent for AWS itself. */
  endpoint: string | null;
  /** The address browsers use for presigned links when it differs from `endpoint` (compose, private networks). */
  publicEndpoint: string | null;
  /** Both or neither; without them the SDK's default chain (environment, instance role, …) applies. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
};
