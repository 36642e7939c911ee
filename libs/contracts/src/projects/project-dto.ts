import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { MAX_PAGE_SIZE } from './dashboard-rules.js';
import { ONBOARDING_ACTIONS } from './project.js';
import {
  PROJECT_SORTS,
  TITLE_MAX_LENGTH,
  type CreateLabelRequest,
  type CreateProjectRequest,
  type DuplicateProjectRequest,
  type MoveProjectsRequest,
  type OnboardingAction,
  type OnboardingRequest,
  type ProjectIdsRequest,
  type ProjectSort,
  type UpdateLabelRequest,
  type UpdateProjectRequest,
} from './project.js';
import type { ProjectData } from './project-data.js';
import {
  folderTitleMessages,
  projectMessages,
  projectTitleMessages,
  TOUR_STEPS,
  type TitleMessages,
} from './project-messages.js';

/**
 * The class-validator DTOs of the project, folder and onboarding calls (projects-dashboard §7).
 * The server validates every body and query with these; forms reuse `titleProblem` for live
 * feedback, so a title rule is written once.
 */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** C0 and C1 control characters: a title has no use for them (NUL breaks PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- the point of the pattern
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/u;

/** The largest set of ids one bulk call may name. */
export const MAX_BULK_IDS = 1000;
/** The longest search term a list takes (more cannot match a 64-character title). */
export const SEARCH_MAX_LENGTH = TITLE_MAX_LENGTH;

/**
 * What is wrong with a project's or a folder's title (`messages`: projectTitleMessages or
 * folderTitleMessages), or null when it is fine (the DTOs' rule).
 */
export function titleProblem(title: string, messages: TitleMessages): string | null {
  const trimmed = title.trim();
  if (trimmed === '') return messages.required;
  if (trimmed.length > TITLE_MAX_LENGTH) return messages.tooLong;
  if (!NO_CONTROL_CHARACTERS.test(trimmed)) return messages.invalid;
  return null;
}

/** A title: trimmed, required, at most 64 characters, no control characters (run bottom-up). */
function TitleField(messages: TitleMessages): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    Matches(NO_CONTROL_CHARACTERS, { message: messages.invalid }),
    MaxLength(TITLE_MAX_LENGTH, { message: messages.tooLong }),
    IsNotEmpty({ message: messages.required }),
    IsString({ message: messages.required }),
    Transform(trim),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

/** A folder reference: a folder id, or null for none (only checked when not null). */
function LabelField(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    MaxLength(64, { message: projectMessages.folderInvalid }),
    IsString({ message: projectMessages.folderInvalid }),
    ValidateIf((_object: object, value: unknown) => value !== null && value !== undefined),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

/** A list of project ids, as the bulk calls send them. */
function ProjectIdsField(): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    MaxLength(64, { each: true, message: projectMessages.projectsRequired }),
    IsString({ each: true, message: projectMessages.projectsRequired }),
    ArrayMaxSize(MAX_BULK_IDS, { message: projectMessages.tooManyProjects }),
    ArrayNotEmpty({ message: projectMessages.projectsRequired }),
    IsArray({ message: projectMessages.projectsRequired }),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' || value === true
    ? true
    : value === 'false' || value === '0' || value === false
      ? false
      : value;

/** GET endpoints.projects.list: the query string (§7). */
/** The paging and search every list takes (projects, renders): rows, page, titleSearchFilter. */
export class ListPageQueryDto {
  @IsOptional()
  @Max(MAX_PAGE_SIZE)
  @Min(1)
  @IsInt()
  @Transform(toInteger)
  rows?: number;

  @IsOptional()
  @Max(1_000_000_000)
  @Min(1)
  @IsInt()
  @Transform(toInteger)
  page?: number;

  @IsOptional()
  @Matches(NO_CONTROL_CHARACTERS)
  @MaxLength(SEARCH_MAX_LENGTH)
  @IsString()
  titleSearchFilter?: string;
}

export class ProjectListQueryDto extends ListPageQueryDto {
  @IsOptional()
  @IsIn(PROJECT_SORTS)
  sort_by?: ProjectSort;

  @IsOptional()
  @MaxLength(64)
  @IsString()
  label?: string;

  @IsOptional()
  @MaxLength(64)
  @IsString()
  team?: string;

  @IsOptional()
  @IsIn([true, false])
  @Transform(toBoolean)
  sharedWithMe?: boolean;
}

/** GET endpoints.labels.list: `team` lists the folders shared with that team (issue 30). */
export class LabelsQueryDto {
  @IsOptional()
  @MaxLength(64)
  @IsString()
  team?: string;
}

/** POST endpoints.projects.create. `data` is checked and cleaned by the server's schema. */
export class CreateProjectBody implements CreateProjectRequest {
  @IsOptional()
  @TitleField(projectTitleMessages)
  title?: string;

  @LabelField()
  label?: string | null;

  @IsOptional()
  @MaxLength(64)
  @IsString()
  team?: string;

  @IsOptional()
  @IsObject({ message: projectMessages.invalidData })
  data?: ProjectData;
}

/** PUT endpoints.projects.update: title, is_public (1 or 0) and/or data. */
export class UpdateProjectBody implements UpdateProjectRequest {
  @IsOptional()
  @TitleField(projectTitleMessages)
  title?: string;

  @IsOptional()
  @IsIn([0, 1])
  is_public?: 0 | 1;

  @IsOptional()
  @IsObject({ message: projectMessages.invalidData })
  data?: ProjectData;
}

export class DuplicateProjectBody implements DuplicateProjectRequest {
  @IsOptional()
  @TitleField(projectTitleMessages)
  title?: string;

  @LabelField()
  label?: string | null;
}

/** PUT customer/projects: `label` must be given, null for All projects. */
export class MoveProjectsBody implements MoveProjectsRequest {
  @ProjectIdsField()
  projects!: string[];

  @MaxLength(64, { message: projectMessages.folderInvalid })
  @IsString({ message: projectMessages.folderInvalid })
  @ValidateIf((object: { label?: unknown }) => object.label !== null)
  label!: string | null;
}

export class ProjectIdsBody implements ProjectIdsRequest {
  @ProjectIdsField()
  projects!: string[];
}

export class CreateLabelBody implements CreateLabelRequest {
  @TitleField(folderTitleMessages)
  title!: string;

  @LabelField()
  parentId?: string | null;
}

export class UpdateLabelBody implements UpdateLabelRequest {
  @IsOptional()
  @TitleField(folderTitleMessages)
  title?: string;

  @LabelField()
  parentId?: string | null;
}

export class OnboardingBody implements OnboardingRequest {
  @IsIn(ONBOARDING_ACTIONS)
  action!: OnboardingAction;

  @IsOptional()
  @Max(TOUR_STEPS)
  @Min(0)
  @IsInt()
  step?: number;
}
