import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/config.js';
import { checkStorageKey, type ByteRange, type FileStorage } from './file-storage.js';

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound')
  );
}

/**
 * The S3 adapter of the FileStorage port (S3_BUCKET): the same keys as the local directory,
 * one object each. A PUT replaces an object whole, so writes are atomic as the local ones are.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // A streamed body (putFile) would otherwise go as aws-chunked with a trailing checksum,
      // which S3-compatible stores (s3rver, some others) keep as part of the object: 80 bytes
      // of framing in a render's file. Checksums only where the operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
  }

  async put(key: string, data: Buffer | string): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkStorageKey(key),
        Body: body,
        ContentLength: body.length,
      }),
    );
  }

  /** One PUT streamed from the disk (S3 takes up to 5 GB in one; a 2-hour 4K render is less). */
  async putFile(key: string, localPath: string): Promise<void> {
    const { size } = await stat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkStorageKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }),
      );
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Fails the stream (ENOENT, as the local adapter) when the object is missing. */
  stream(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    const checked = checkStorageKey(key);
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checked,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((answer) => {
        const body = answer.Body;
        if (!body) return void out.end();
        // In Node the SDK's body is an IncomingMessage, a Readable.
        (body as unknown as Readable).on('error', (error) => out.destroy(error)).pipe(out);
      })
      .catch((error: unknown) => {
        out.destroy(
          isMissing(error)
            ? Object.assign(new Error(`ENOENT: no such file, ${checked}`), { code: 'ENOENT' })
            : (error as Error),
        );
      });
    return out;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success, as rm --force does.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }),
    );
  }

  /** Nest calls it at shutdown: the client's sockets must not hold the process open. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}
