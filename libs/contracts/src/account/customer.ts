import type { SiteCoupon } from '../coupons/coupon.js';
import { freeSubscription, type SubscriptionView } from '../billing/subscription.js';
import type { FileSlots, StorageUsage } from '../projects/project.js';
import type { CompanyInvite } from '../teams/team.js';

/** The types an avatar may be stored as (account-and-auth §5); the bytes must match the type. */
export const AVATAR_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

/**
 * A stored avatar (§3). Raster avatars have the 64 and 512 renditions, an SVG the one 150 file.
 * A file's address is `${avatarPath}/${size}?v=${version}`: see `avatarUrl`.
 */
export interface Avatar {
  id: string;
  mimeType: AvatarMimeType;
  availableSizes: number[];
  avatarPath: string;
  /** Raised on every change, so a cached file is never shown for a new one. */
  version: number;
}

/**
 * The customer object that drives the account area (account-and-auth §3). Fields owned by
 * features not built yet (plans, teams, apps) carry `customerDefaults` until their modules land.
 */
export interface Customer {
  id: string;
  email: string;
  name: string;
  hasPassword: boolean;
  verified: boolean;
  /** Newsletter choice: true until the customer subscribes (decision 50). */
  unsubscribed: boolean;
  isAdmin: boolean;
  hasOtherApps: boolean;
  isPremium: boolean;
  hasProAccess: boolean;
  isAnnual: boolean;
  partOfTeam: boolean;
  teamSubscription: { teamPlanActive: boolean };
  /** Pending invites to the customer's e-mail (billing-teams-apps §3 Company invite), oldest first. */
  invites: CompanyInvite[];
  defaultCoupon: SiteCoupon | null;
  onboarding: { projects: boolean };
  projects: { limits: { created: number } };
  /** Billing info for invoices (billing-teams-apps §3, §5); empty strings when not given. */
  billing: BillingInfo;
  /** The plan's state (billing-teams-apps §3); the free subscription without a plan. */
  subscription: SubscriptionView;
  /** A paid plan ran out (state expired). */
  isExpired: boolean;
  /** A card payment waits for 3-D Secure: checkout is skipped until it is confirmed. */
  is3DSPending: boolean;
  avatar: Avatar | null;
  // The dashboard's fields (projects-dashboard §3).
  isFree: boolean;
  isTeam: boolean;
  hasTeamAccess: boolean;
  /** MB used of the plan's limit. */
  storage: StorageUsage;
  /** Project slots: the free plan has a limit, paid plans none. */
  files: FileSlots;
}

/** billing-teams-apps §3 Customer.billing. */
export interface BillingInfo {
  name: string;
  details: string;
  /** True only when a value differs from the account's name or e-mail (§5). */
  include: boolean;
}

/** The fields later features will fill: free plan, no team, no apps. */
export const customerDefaults = {
  isAdmin: false,
  hasOtherApps: false,
  isPremium: false,
  hasProAccess: false,
  isAnnual: false,
  partOfTeam: false,
  isFree: true,
  isTeam: false,
  hasTeamAccess: false,
  teamSubscription: { teamPlanActive: false },
  invites: [] as CompanyInvite[],
  onboarding: { projects: false },
  subscription: freeSubscription,
  isExpired: false,
  is3DSPending: false,
} as const satisfies Partial<Customer>;

/** Where the account page links to; the addresses depend on the environment (§2.1). */
export interface AccountLinks {
  marketingSite: string;
  editor: string;
}

/** What the pages need to send analytics events (billing-teams-apps §7 Tracking). */
export interface AnalyticsSettings {
  /** A Google Tag Manager container id, or null when no tag manager is configured. */
  tagManagerId: string | null;
}

/** GET endpoints.customer.get */
export interface CustomerResponse {
  customer: Customer;
  links: AccountLinks;
  analytics: AnalyticsSettings;
}
