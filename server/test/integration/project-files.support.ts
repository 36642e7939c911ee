import { randomBytes } from 'node:crypto';
import { emptyProjectData, type ProjectData } from '@animata/contracts';
import type { DataSource } from 'typeorm';
import { ProjectEntity } from '../../src/modules/projects/index.js';

/** A project row as the projects service leaves it after a create (data at `previewVersion`). */
export async function insertProject(
  dataSource: DataSource,
  ownerId: string,
  overrides: Partial<ProjectEntity> = {},
): Promise<ProjectEntity> {
  const data: ProjectData = overrides.data ?? emptyProjectData();
  const project = dataSource.getRepository(ProjectEntity).create({
    id: randomBytes(16).toString('hex'),
    ownerId,
    title: 'Project',
    width: data.options.dimension.width,
    height: data.options.dimension.height,
    durationMs: data.options.duration,
    sizeBytes: Buffer.byteLength(JSON.stringify(data)),
    previewVersion: 1,
    pendingPreview: true,
    ...overrides,
    data,
  });
  return dataSource.getRepository(ProjectEntity).save(project);
}

export async function projectRow(
  dataSource: DataSource,
  id: string,
): Promise<{
  preview_key: string | null;
  preview_version: number;
  pending_preview: boolean;
  size_bytes: number;
} | null> {
  const rows = await dataSource.query(
    `SELECT preview_key, preview_version, pending_preview, size_bytes FROM projects WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export const ANIMATED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">' +
  '<style>@keyframes k { to { opacity: 0 } } .a { animation: k 1s }</style>' +
  '<rect class="a" width="100" height="50" fill="#7c5cff"><animate attributeName="x" to="50" dur="1s"/></rect>' +
  '</svg>';
