import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { TEAM_MAX_EXTRA_SEATS, TEAM_MAX_SEATS } from '../billing/catalog.js';
import {
  INVITE_ACTIONS,
  TEAM_GRANT_ACCESS,
  type InviteAction,
  type TeamGrantAccess,
} from './team.js';
import { INVITE_EMAIL_MAX_LENGTH, TEAM_TITLE_MAX_LENGTH, teamMessages } from './team-messages.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/** Ids of teams, members and invites are uuids. */
export const TEAM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** GET teams?labels=true */
export class TeamsQueryDto {
  @IsOptional()
  @IsIn([true, false])
  @Transform(toBoolean)
  labels?: boolean;
}

/** GET teams/managers?teamId= */
export class TeamMembersQueryDto {
  @IsString()
  @MaxLength(64)
  teamId!: string;
}

/** PUT teams/{id}: rename. */
export class UpdateTeamBody {
  @MaxLength(TEAM_TITLE_MAX_LENGTH, { message: teamMessages.titleTooLong })
  @IsNotEmpty({ message: teamMessages.titleRequired })
  @IsString({ message: teamMessages.titleRequired })
  @Transform(trim)
  title!: string;
}

/** PUT teams/sort/{id}: the customer ids in their new order (every member once). */
export class SortTeamBody {
  @ArrayMaxSize(TEAM_MAX_SEATS, { message: teamMessages.sortMismatch })
  @IsString({ each: true, message: teamMessages.sortMismatch })
  @IsArray({ message: teamMessages.sortMismatch })
  ids!: string[];
}

/** DELETE teams: `{ id }` (only when the plan expired). */
export class DeleteTeamBody {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  id!: string;
}

/** POST invite/team/{id} (§5: a valid address, else 'Please enter a valid email address.'). */
export class TeamInviteBody {
  @IsEmail({}, { message: teamMessages.invalidEmail })
  @MaxLength(INVITE_EMAIL_MAX_LENGTH, { message: teamMessages.invalidEmail })
  @IsString({ message: teamMessages.invalidEmail })
  @Transform(trim)
  recipientEmail!: string;

  /** member (the default, §6) or administrator. */
  @IsOptional()
  @IsIn(TEAM_GRANT_ACCESS)
  grantAccess?: TeamGrantAccess;
}

/** PUT invite/{id} and POST invite/link/{token}. */
export class InviteAnswerBody {
  @IsIn(INVITE_ACTIONS)
  action!: InviteAction;
}

/** PUT teams/{id}/slots and its preview: extra seats 0–7 (§5). */
export class TeamSlotsBody {
  @Max(TEAM_MAX_EXTRA_SEATS, { message: teamMessages.maxSlots })
  @Min(0, { message: teamMessages.cantRemoveSlots })
  @IsInt({ message: teamMessages.maxSlots })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value,
  )
  extra!: number;
}

/** POST teams/{id}/transfer-ownership: the administrator's membership id. */
export class TransferOwnershipBody {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  memberId!: string;
}

/** Tokens of mailed links (invite, ownership transfer): url-safe base64. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export class LinkTokenParam {
  @Matches(LINK_TOKEN_PATTERN)
  token!: string;
}
