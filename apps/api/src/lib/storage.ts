import type * as S3 from '@aws-sdk/client-s3';
import fs from 'node:fs/promises';
import path from 'node:path';

// Files (trade licences, certificates, later PDFs) behind one interface; local disk by default.
export type FileStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

export function createLocalDiskStorage(root: string): FileStorage {
  const resolveKey = (key: string): string => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    put: async (key, data) => {
      const full = resolveKey(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, full);
    },
    get: async (key) => {
      try {
        return await fs.readFile(resolveKey(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    remove: async (key) => {
      await fs.rm(resolveKey(key), { force: true });
    },
  };
}

type S3Sdk = typeof S3;

export type S3Settings = {
  bucket: string;
  region: string;
  // an S3-compatible service's address (MinIO, R2…); unset for AWS itself
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

// Files shared by every node: an S3-compatible bucket, private (read back through the API with the tenant check).
// The AWS SDK loads with the first file call, not at start.
export function createS3Storage(settings: S3Settings): FileStorage {
  let loading: Promise<{ s3: S3Sdk; client: S3.S3Client }> | null = null;
  const load = () =>
    (loading ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        // S3-compatible services address buckets by path
        forcePathStyle: settings.endpoint !== undefined,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    })));
  // the key names the object; the same rule as on disk keeps both stores interchangeable
  const checkKey = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '') || key.startsWith('/'))
      throw new Error(`Invalid storage key: ${key}`);
    return key;
  };
  return {
    put: async (key, data) => {
      const { s3, client } = await load();
      await client.send(new s3.PutObjectCommand({ Bucket: settings.bucket, Key: checkKey(key), Body: data }));
    },
    get: async (key) => {
      const { s3, client } = await load();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    remove: async (key) => {
      const { s3, client } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
    },
  };
}
