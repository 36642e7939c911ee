import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  MinLength,
} from 'class-validator';
import { INVITE_EMAIL_MAX_LENGTH } from '../teams/team-messages.js';
import { SHARE_ACCESS, type ShareAccess } from './sharing.js';
import {
  PUBLIC_LINK_PASSWORD_MAX,
  PUBLIC_LINK_PASSWORD_MIN,
  sharingMessages,
} from './sharing-messages.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** At most this many ids in one remove call (a page of the dashboard is at most 5 × 5 × 4). */
export const SHARING_IDS_MAX = 500;

/** PUT sharing/project-customer/{shareId}, sharing/label-customer/{shareId}. */
export class UpdateShareAccessBody {
  @IsIn(SHARE_ACCESS)
  access!: ShareAccess;
}

/**
 * DELETE sharing/project/{id}, sharing/label/{id}: `{ type: 'customer', customer }` removes a
 * customer's grant (a customer id), `{ type: 'team', team }` a team's (§7).
 */
export class RemoveShareBody {
  @IsIn(['customer', 'team'])
  type!: 'customer' | 'team';

  @IsOptional()
  @IsString()
  @MaxLength(64)
  customer?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  team?: string;
}

/** POST invite/project/{id}, invite/label/{id} (§7). */
export class ShareInviteBody {
  @IsEmail({}, { message: sharingMessages.invalidEmail })
  @MaxLength(INVITE_EMAIL_MAX_LENGTH, { message: sharingMessages.invalidEmail })
  @IsString({ message: sharingMessages.invalidEmail })
  @Transform(trim)
  recipientEmail!: string;

  /** view (the default) or edit; edit only for team members (§5). */
  @IsOptional()
  @IsIn(SHARE_ACCESS)
  grantAccess?: ShareAccess;
}

/** Team sharing update (§7, entity path not shown: PUT sharing/{entity}/{id}/team). */
export class TeamShareBody {
  @IsString()
  @MaxLength(64)
  team!: string;

  @IsOptional()
  @IsIn(SHARE_ACCESS)
  grantAccess?: ShareAccess;
}

/** POST sharing/remove-projects, sharing/remove-labels (§7): `{ ids, teamId }`. */
export class RemoveSharedBody {
  @ArrayMaxSize(SHARING_IDS_MAX)
  @ArrayMinSize(1)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  @IsArray()
  ids!: string[];

  /**
   * Remove from this team's projects (project owner or team administrator, §6). Absent or null:
   * the actor's own access goes.
   */
  @ValidateIf(
    (object: { teamId?: unknown }) => object.teamId !== null && object.teamId !== undefined,
  )
  @IsString()
  @MaxLength(64)
  teamId?: string | null;
}

/** PUT sharing/project/{id}/public-link (ours: §4's selector with an expiry and a password). */
export class PublicLinkBody {
  @IsBoolean()
  isPublic!: boolean;

  /** ISO date-time; null or absent for never. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: sharingMessages.expiryInPast })
  expiresAt?: string | null;

  /** A new password; null removes it; absent keeps the current one. */
  @IsOptional()
  @MaxLength(PUBLIC_LINK_PASSWORD_MAX)
  @MinLength(PUBLIC_LINK_PASSWORD_MIN)
  @IsString()
  password?: string | null;
}

/** POST public/projects/{id}/unlock: the link's password. */
export class PublicUnlockBody {
  @MaxLength(PUBLIC_LINK_PASSWORD_MAX)
  @IsString()
  password!: string;
}
