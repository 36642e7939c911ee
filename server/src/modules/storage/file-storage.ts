import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/** Inclusive byte positions, as an HTTP Range header gives them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where files live: the port every feature uses. Keys are relative, slash-separated paths. */
export interface FileStorage {
  put(key: string, data: Buffer | string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file, or the bytes from `range.start` to `range.end` inclusive (HTTP Range). */
  stream(key: string, range?: ByteRange): Readable;
  /** Stores a file from the local disk without reading it into memory (a render's output). */
  putFile(key: string, localPath: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

/** The local-directory adapter (STORAGE_DIR, default ./.data/files). Writes are atomic. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer | string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  stream(key: string, range?: ByteRange): Readable {
    return createReadStream(this.resolve(key), range ? { start: range.start, end: range.end } : {});
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await copyFile(localPath, temporary);
    await rename(temporary, target);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.resolve(key))).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  private resolve(key: string): string {
    return path.join(this.root, ...checkStorageKey(key).split('/'));
  }
}

/**
 * The keys every adapter accepts: slash-separated names of letters, digits, dots, hyphens and
 * underscores; never `..`, an absolute path or NUL, which could leave the root.
 */
export function checkStorageKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').includes('..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
