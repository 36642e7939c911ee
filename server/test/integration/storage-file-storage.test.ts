import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { emptyProjectData, projectPreviewKey } from '@animata/contracts';
import { FILE_STORAGE } from '../../src/common/tokens.js';
import { ThumbnailJobs } from '../../src/modules/projects/thumbnails/thumbnail.jobs.js';
import {
  type FileStorage,
  LocalFileStorage,
  S3FileStorage,
} from '../../src/modules/storage/index.js';
import { startTestApp } from '../support/app.js';
import { newCustomer } from '../support/factories.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { insertProject } from './project-files.support.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The FileStorage port's contract: every adapter behaves the same. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: FileStorage; close(): Promise<void> }>,
) {
  describe(`FileStorage contract: ${name}`, { timeout: 60_000 }, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;

    before(async () => {
      ({ storage, close } = await open());
    });
    after(async () => {
      await close?.();
    });

    it('stores bytes and text, and reads them back whole', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      await storage.put('contract/bytes.bin', bytes);
      await storage.put('contract/deeper/text.svg', '<svg>é</svg>');
      assert.deepEqual(await storage.get('contract/bytes.bin'), bytes);
      assert.equal(
        (await storage.get('contract/deeper/text.svg'))?.toString('utf8'),
        '<svg>é</svg>',
      );
      assert.equal(
        await storage.size('contract/deeper/text.svg'),
        Buffer.byteLength('<svg>é</svg>'),
      );
      assert.equal(await storage.exists('contract/bytes.bin'), true);
    });

    it('replaces a file whole', async () => {
      await storage.put('contract/replaced.txt', 'a long first version');
      await storage.put('contract/replaced.txt', 'short');
      assert.equal((await storage.get('contract/replaced.txt'))?.toString(), 'short');
      assert.equal(await storage.size('contract/replaced.txt'), 5);
    });

    it('streams a file, and fails the stream of a missing one with ENOENT', async () => {
      const big = Buffer.alloc(256 * 1024, 7);
      await storage.put('contract/stream.bin', big);
      assert.deepEqual(await readAll(storage.stream('contract/stream.bin')), big);
      await assert.rejects(readAll(storage.stream('contract/missing.bin')), { code: 'ENOENT' });
    });

    it('streams a byte range, inclusive at both ends (HTTP Range)', async () => {
      const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
      await storage.put('contract/ranged.bin', bytes);
      assert.deepEqual(
        await readAll(storage.stream('contract/ranged.bin', { start: 10, end: 19 })),
        bytes.subarray(10, 20),
      );
      assert.deepEqual(
        // The first two bytes: what Safari asks before it plays a video.
        await readAll(storage.stream('contract/ranged.bin', { start: 0, end: 1 })),
        bytes.subarray(0, 2),
      );
      assert.deepEqual(
        await readAll(storage.stream('contract/ranged.bin', { start: 99_990, end: 99_999 })),
        bytes.subarray(99_990),
      );
      assert.deepEqual(
        await readAll(storage.stream('contract/ranged.bin', { start: 65_530, end: 70_000 })),
        bytes.subarray(65_530, 70_001),
      );
      await assert.rejects(readAll(storage.stream('contract/missing.bin', { start: 0, end: 9 })), {
        code: 'ENOENT',
      });
    });

    it('stores a file from the local disk (putFile), replacing one there', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'animata-putfile-'));
      try {
        const local = path.join(dir, 'render.mp4');
        const bytes = Buffer.alloc(300 * 1024, 3);
        await writeFile(local, bytes);
        await storage.put('contract/put-file.mp4', 'an older version');
        await storage.putFile('contract/put-file.mp4', local);
        assert.equal(await storage.size('contract/put-file.mp4'), bytes.length);
        assert.deepEqual(await readAll(storage.stream('contract/put-file.mp4')), bytes);
        // The local file is left where it was (its owner removes it).
        assert.deepEqual(await readFile(local), bytes);
        await assert.rejects(storage.putFile('../escape.mp4', local), /Invalid storage key/);
        await assert.rejects(storage.putFile('contract/none.mp4', path.join(dir, 'missing')));
        assert.equal(await storage.exists('contract/none.mp4'), false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('answers null and false for missing files, and deletes idempotently', async () => {
      assert.equal(await storage.get('contract/none.txt'), null);
      assert.equal(await storage.size('contract/none.txt'), null);
      assert.equal(await storage.exists('contract/none.txt'), false);
      await storage.put('contract/gone.txt', 'x');
      await storage.delete('contract/gone.txt');
      await storage.delete('contract/gone.txt');
      assert.equal(await storage.exists('contract/gone.txt'), false);
    });

    it('refuses keys that could leave the root', async () => {
      for (const key of ['../x', '/etc/passwd', 'a//b', 'a/../b', 'a\\b', 'a\0b', '']) {
        await assert.rejects(storage.put(key, 'x'), /Invalid storage key/, key);
        await assert.rejects(storage.get(key), /Invalid storage key/, key);
      }
    });
  });
}

storageContract('local directory', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'animata-storage-'));
  return {
    storage: new LocalFileStorage(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

storageContract('S3 (s3rver)', async () => {
  const s3 = await startLocalS3();
  const storage = new S3FileStorage(s3.config);
  return {
    storage,
    async close() {
      storage.onModuleDestroy();
      await s3.stop();
    },
  };
});

describe('the app on S3 storage (S3_BUCKET set)', { timeout: 60_000 }, () => {
  let s3: LocalS3;

  before(async () => {
    s3 = await startLocalS3('animata-app');
  });
  after(async () => {
    await s3?.stop();
  });

  it('writes project previews to the bucket', async () => {
    const app = await startTestApp({ web: false, env: s3.env });
    try {
      assert.ok(app.app.get<FileStorage>(FILE_STORAGE) instanceof S3FileStorage);
      const owner = await newCustomer(app.runtime.dataSource);
      const project = await insertProject(app.runtime.dataSource, owner.id, {
        data: emptyProjectData(),
      });
      await app.app.get(ThumbnailJobs).write(project.id, 1);
      const client = new S3Client({
        region: s3.config.region,
        endpoint: s3.config.endpoint!,
        forcePathStyle: true,
        credentials: s3.config.credentials!,
      });
      const object = await client.send(
        new GetObjectCommand({ Bucket: 'animata-app', Key: projectPreviewKey(project.id, 1) }),
      );
      assert.match(await object.Body!.transformToString(), /^<svg/);
      client.destroy();
    } finally {
      await app.stop();
    }
  });
});
