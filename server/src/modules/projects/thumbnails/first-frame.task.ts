import type { ProjectData } from '@animata/contracts';
import { workerTask } from '../../../common/worker-pool/worker-pool.js';
import { blankPreview, firstFrameSvg } from './first-frame.js';

export interface PreviewOutput {
  svg: string;
  /** The stored document was not usable SVG: `svg` is the blank picture of its size. */
  unreadable: boolean;
  /** The data's JSON length in bytes (a part of the project's size). */
  dataBytes: number;
}

/**
 * The preview of stored data, made in the worker pool (this module is a task of it). The data
 * arrives as the row's JSON text: parsing it, sanitising a document of up to 8 MiB again and
 * shrinking its images are as heavy as the import, and none of it may hold the event loop.
 */
export async function previewInWorker(dataJson: string): Promise<PreviewOutput> {
  const data = JSON.parse(dataJson) as ProjectData;
  const dataBytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
  const svg = await firstFrameSvg(data);
  return svg === null
    ? { svg: blankPreview(data), unreadable: true, dataBytes }
    : { svg, unreadable: false, dataBytes };
}

export const previewTask = workerTask<string, PreviewOutput>(
  new URL(import.meta.url),
  'previewInWorker',
);
