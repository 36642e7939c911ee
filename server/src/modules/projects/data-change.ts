import type { ProjectData } from '@animata/contracts';
import type { DataChange } from './projects.repository.js';

/**
 * What a project's data implies for its row: size, duration and bytes (decision 66), with the
 * JSON text that is stored, serialised once. Free of Nest, so the worker pool's import task
 * (project-import.task.ts) makes it where the data was cleaned.
 */
export function dataChangeOf(data: ProjectData): DataChange {
  const dataJson = JSON.stringify(data);
  return {
    dataJson,
    width: data.options.dimension.width,
    height: data.options.dimension.height,
    durationMs: data.options.duration,
    sizeBytes: Buffer.byteLength(dataJson),
  };
}
