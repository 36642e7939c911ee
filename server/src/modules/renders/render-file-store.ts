import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { FILE_STORAGE } from '../../common/tokens.js';
import type { ByteRange, FileStorage } from '../storage/index.js';

/** The render outputs in file storage (keys are the rows' file_key). */
@Injectable()
export class RenderFiles {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  size(key: string): Promise<number | null> {
    return this.storage.size(key);
  }

  stream(key: string, range?: ByteRange): Readable {
    return this.storage.stream(key, range);
  }

  /** The files of deleted renders; one that cannot be removed is left, not fatal. */
  async remove(rows: Array<{ file_key: string | null }>): Promise<void> {
    await Promise.allSettled(
      rows.flatMap((row) => (row.file_key ? [this.storage.delete(row.file_key)] : [])),
    );
  }
}
