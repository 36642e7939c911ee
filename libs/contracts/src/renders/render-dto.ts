import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ListPageQueryDto, NO_CONTROL_CHARACTERS } from '../projects/project-dto.js';
import { SORTS, TITLE_MAX_LENGTH, type Sort } from '../projects/project.js';
import {
  RENDER_CODECS,
  RENDER_DITHERS,
  RENDER_EXTENSIONS,
  RENDER_QUALITIES,
  type RenderCodec,
  type RenderDither,
  type RenderExtension,
  type RenderQuality,
} from './render.js';
import { renderMessages } from './render-messages.js';
import { MAX_PRIORITY, MIN_PRIORITY } from './render-rules.js';

/**
 * A nested body as its DTO class (so its rules run), an object only; anything else is left for
 * @IsObject to refuse. Not @Type: it reads reflect-metadata, which the browser bundle of the
 * contracts lacks (as CancelSubscriptionBody).
 */
const nested =
  <T>(type: new () => T) =>
  ({ value }: { value: unknown }) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? plainToInstance(type, value)
      : value;

/** At most this many ids in one delete (a page of the renders screen is at most 5 × 5 × 4). */
export const RENDER_IDS_MAX = 500;

/**
 * The shape of a job input (types and bounds a request can carry). The plan's caps and the
 * project's length are checked after it by `renderInputErrors`, which has the messages.
 */
export class RenderResolutionBody {
  @IsInt({ message: renderMessages.invalidResolution })
  @Min(1, { message: renderMessages.invalidResolution })
  @Max(100_000, { message: renderMessages.resolutionTooLarge })
  width!: number;

  @IsInt({ message: renderMessages.invalidResolution })
  @Min(1, { message: renderMessages.invalidResolution })
  @Max(100_000, { message: renderMessages.resolutionTooLarge })
  height!: number;
}

export class RenderOffsetBody {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: renderMessages.invalidOffset })
  @Min(0, { message: renderMessages.invalidOffset })
  start!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: renderMessages.invalidOffset })
  @Min(1, { message: renderMessages.invalidOffset })
  duration!: number;
}

export class RenderJobInputBody {
  @IsIn(RENDER_EXTENSIONS, { message: renderMessages.invalidExtension })
  extension!: RenderExtension;

  // null (animated images) or left out: the server's validation pipe refuses a null under
  // @IsOptional, so the field says it may be null (ValidateIf, as the folder fields do).
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsIn(RENDER_CODECS, { message: renderMessages.invalidCodec })
  codec!: RenderCodec | null;

  @IsInt({ message: renderMessages.invalidFramerate(60) })
  @Min(1, { message: renderMessages.invalidFramerate(60) })
  @Max(60, { message: renderMessages.invalidFramerate(60) })
  framerate!: number;

  @IsObject({ message: renderMessages.invalidResolution })
  @ValidateNested()
  @Transform(nested(RenderResolutionBody))
  resolution!: RenderResolutionBody;

  @IsIn(RENDER_QUALITIES, { message: renderMessages.invalidQuality })
  quality!: RenderQuality;

  @IsInt({ message: renderMessages.invalidPalette })
  @Min(2, { message: renderMessages.invalidPalette })
  @Max(256, { message: renderMessages.invalidPalette })
  colorPaletteSize!: number;

  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: renderMessages.invalidMatte })
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: renderMessages.invalidMatte })
  matte!: string | null;

  @IsIn(RENDER_DITHERS, { message: renderMessages.invalidDither })
  dither!: RenderDither;

  @IsObject({ message: renderMessages.invalidOffset })
  @ValidateNested()
  @Transform(nested(RenderOffsetBody))
  offset!: RenderOffsetBody;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: renderMessages.invalidSpeed })
  @Min(0.25, { message: renderMessages.invalidSpeed })
  @Max(4, { message: renderMessages.invalidSpeed })
  speed!: number;

  @IsInt({ message: renderMessages.invalidIterations })
  @Min(1, { message: renderMessages.invalidIterations })
  @Max(1000, { message: renderMessages.invalidIterations })
  iterations!: number;
}

/** POST endpoints.renders.create. */
export class CreateRenderBody {
  @IsString()
  @Matches(/^[a-z0-9]{32}$/, { message: renderMessages.projectNotFound })
  projectId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(TITLE_MAX_LENGTH)
  @Matches(NO_CONTROL_CHARACTERS)
  title?: string;

  @IsObject()
  @ValidateNested()
  @Transform(nested(RenderJobInputBody))
  jobInput!: RenderJobInputBody;
}

/** DELETE endpoints.renders.deleteMany: `{ ids }` (§7). */
export class RenderIdsBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(RENDER_IDS_MAX)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  ids!: string[];
}

/** POST endpoints.renders.setPriority: `{ priority }` (§7). */
export class RenderPriorityBody {
  @IsInt()
  @Min(MIN_PRIORITY)
  @Max(MAX_PRIORITY)
  priority!: number;
}

/**
 * GET endpoints.renders.list: `jobStatus` is `done` (Completed renders) or a comma list of
 * active statuses and `failed` (Render jobs); the six sorts of §9; paging and search as the
 * projects list.
 */
export class RenderListQueryDto extends ListPageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(80)
  @Matches(
    /^(done|(queued|scheduled|deployed|progress|failed)(,(queued|scheduled|deployed|progress|failed))*)$/,
  )
  jobStatus?: string;

  @IsOptional()
  @IsIn(SORTS)
  sort_by?: Sort;
}
