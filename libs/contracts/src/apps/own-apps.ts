import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { APP_NAME_MAX_LENGTH, appsMessages, MANAGER_EMAIL_MAX_LENGTH } from './apps-messages.js';
import { MAX_APP_ORIGINS, MAX_REDIRECT_URIS } from './redirect-uris.js';

export const APP_ROLES = ['admin', 'manager'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Another customer's role on the app (§3 "managers keyed by e-mail"). */
export interface AppManager {
  /** The membership's id: DELETE own-apps-managers/{id}. */
  id: string;
  role: AppRole;
  customer_id: string;
}

/**
 * One row of the own apps table (billing-teams-apps §3 "Own app", plus ours: decision 80).
 * `id` is the stored id; the page shows `ai_{id}`.
 */
export interface OwnApp {
  id: string;
  name: string;
  /**
   * `sk_…` in full only in the answer that created or regenerated it, to admins; null
   * everywhere else: the BFF keeps only its hash, and the page then shows `maskedSecret`.
   */
  secret: string | null;
  /** The secret's last four characters, for the masked display. */
  secretHint: string;
  /** When the current secret was made (ISO 8601). */
  secretCreated: string;
  /** When an app last exchanged a code or refreshed a token with a secret (ISO), or null. */
  secretLastUsed: string | null;
  role: AppRole;
  /** ISO 8601, shown in GMT. */
  created: string;
  /** Everyone else with a role on the app, keyed by e-mail; the current customer is left out. */
  managers: Record<string, AppManager>;
  /** Where the authorization page may send the customer back to (exact match). */
  redirectUris: string[];
  /** Which origins may receive the result in a popup (exact match). */
  origins: string[];
}

/** Every own apps call answers the whole list, newest first (§2, §7). */
export interface OwnAppsResponse {
  ownApps: OwnApp[];
  /**
   * Ours: whether the customer has the developer grant (decision 80), so the page shows the
   * create field or, instead, why there is none. Create still answers 403 without it.
   */
  canCreateApps: boolean;
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST {api}/account/own-apps (§7): `{ type: 'app', name }`. */
export class CreateOwnAppRequest {
  @IsOptional()
  @IsIn(['app'])
  type?: 'app';

  @MaxLength(APP_NAME_MAX_LENGTH, { message: appsMessages.nameMaxLength })
  @IsNotEmpty({ message: appsMessages.nameOnlyWhitespace })
  @IsString({ message: appsMessages.nameOnlyWhitespace })
  @Transform(trim)
  name!: string;
}

/**
 * PUT {api}/account/own-apps/{id} (§7): `{ name }`, and ours: the redirect URIs and origins
 * (each list replaces the stored one). Admins only.
 */
export class UpdateOwnAppRequest {
  @IsOptional()
  @MaxLength(APP_NAME_MAX_LENGTH, { message: appsMessages.nameMaxLength })
  @IsNotEmpty({ message: appsMessages.nameOnlyWhitespace })
  @IsString({ message: appsMessages.nameOnlyWhitespace })
  @Transform(trim)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_REDIRECT_URIS)
  @IsString({ each: true })
  redirectUris?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_APP_ORIGINS)
  @IsString({ each: true })
  origins?: string[];
}

/** POST {api}/account/own-apps-managers (§7): `{ type: 'manager', app, email, role }`. */
export class AddAppManagerRequest {
  @IsOptional()
  @IsIn(['manager'])
  type?: 'manager';

  @IsString()
  @IsNotEmpty()
  app!: string;

  @IsEmail({}, { message: appsMessages.managerEmailNotValid })
  @MaxLength(MANAGER_EMAIL_MAX_LENGTH, { message: appsMessages.managerEmailNotValid })
  @IsString({ message: appsMessages.managerEmailNotValid })
  @Transform(trim)
  email!: string;

  @IsIn(APP_ROLES)
  role!: AppRole;
}

/** A row of the other apps table (§3 "App authorization", plus ours). */
export interface AppAuthorization {
  /** The authorization's id: DELETE other-apps/{id} revokes it. */
  id: string;
  name: string;
  /** When the customer granted access (ISO, shown in GMT). */
  created: string;
  /** When the app last used its access (ISO), or null. */
  lastUsed: string | null;
}

/** GET and DELETE {api}/account/other-apps answer the whole list, newest first. */
export interface OtherAppsResponse {
  appAuths: AppAuthorization[];
}
