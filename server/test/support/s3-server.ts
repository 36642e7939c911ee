import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config/config.js';

export interface LocalS3 {
  config: S3Config;
  /** The same settings as environment variables, for an app under test. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver) with one empty bucket, on a free port. */
export async function startLocalS3(bucket = 'animata-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'animata-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any signature made with its fixed key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    config: { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
