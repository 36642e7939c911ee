import {
  DEFAULT_PROJECT_OPTIONS,
  importedTitle,
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  PROJECT_IMPORT_LIMITS,
  TITLE_MAX_LENGTH,
  type ProjectData,
} from '@animata/contracts';
import { parseSvgXml } from '../../../common/svg/svg-purifier.js';
import { cleanDocument, cleanProjectData } from '../document/project-document.js';
import { ProjectErrorCode, ProjectException } from '../project.exception.js';
import { sniffImportType, utf8Text } from './file-type.js';
import { checkPixelBound, pixelSizeOf, rasterDocument } from './raster-document.js';
import { smilDurationMs, svgSizeOf } from './svg-size.js';

/** What an upload becomes: the new project's title and data. */
export interface ImportedProject {
  title: string;
  data: ProjectData;
}

function dataOf(
  document: string,
  size: { width: number; height: number },
  duration: number,
): ProjectData {
  return {
    options: { ...DEFAULT_PROJECT_OPTIONS, dimension: size, duration },
    document,
    definitions: {},
  };
}

function fromSvg(text: string): ProjectData {
  let document: string;
  try {
    document = cleanDocument(text);
  } catch (error) {
    // Markup that is no SVG document is not one of the accepted types.
    if (error instanceof ProjectException && error.code === ProjectErrorCode.InvalidData)
      throw ProjectException.invalidFileType();
    throw error;
  }
  const root = parseSvgXml(document).documentElement;
  return dataOf(document, svgSizeOf(root), smilDurationMs(root));
}

function fromJson(text: string, fileName: string): ImportedProject {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw ProjectException.invalidFileType();
  }
  const { format, version, title, data } = (file ?? {}) as Record<string, unknown>;
  // Only our own project files (`*.animata.json`) are projects; other JSON is not accepted.
  if (format !== PROJECT_FILE_FORMAT || version !== PROJECT_FILE_VERSION || data === undefined)
    throw ProjectException.invalidFileType();
  const ownTitle = typeof title === 'string' ? title.trim() : '';
  return {
    title:
      ownTitle !== '' && ownTitle.length <= TITLE_MAX_LENGTH ? ownTitle : importedTitle(fileName),
    data: cleanProjectData(data),
  };
}

/**
 * Reads an uploaded file into a project (projects-dashboard §5 "Upload file"): the bytes decide
 * the type. SVG is sanitised and sized from width/height/viewBox; PNG, JPEG, GIF and WebP
 * become an SVG document embedding the image at its pixel size; JSON must be a project file we
 * exported. Refusals: invalidFileType, tooComplex (bytes, pixels, elements, nesting), or any
 * other ProjectException, which the caller turns into 'Failed to create project.'.
 */
export async function readImport(bytes: Buffer, fileName: string): Promise<ImportedProject> {
  if (bytes.length > PROJECT_IMPORT_LIMITS.maxFileBytes) throw ProjectException.tooComplex();
  const type = sniffImportType(bytes);
  if (type === null) throw ProjectException.invalidFileType();
  if (type === 'json') return fromJson(utf8Text(bytes) ?? '', fileName);
  const title = importedTitle(fileName);
  if (type === 'svg') return { title, data: fromSvg(utf8Text(bytes) ?? '') };
  const size = await pixelSizeOf(bytes, type);
  if (size === null || size.width === 0 || size.height === 0)
    throw ProjectException.invalidFileType();
  checkPixelBound(size);
  return { title, data: cleanProjectData(dataOf(rasterDocument(bytes, type, size), size, 0)) };
}
