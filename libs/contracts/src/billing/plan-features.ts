import type { AccessLevel } from './catalog.js';

/**
 * What each access level may do: the one place sharing, team seats, render and storage limits
 * read (billing-teams-apps §1, §6, §9; decision 72).
 */
export interface PlanFeatures {
  /** Project slots; null for unlimited. */
  fileSlots: number | null;
  storageMb: number;
  watermark: 'all' | 'raster' | 'none';
  /** Render files kept; null for unlimited. */
  renderSlots: number | null;
  /** Render storage in MB; null when renderSlots is the limit (issue 32). */
  renderStorageMb: number | null;
  /** Renders started in a calendar month (UTC); null for unlimited (§9 downgrade limits). */
  rendersPerMonth: number | null;
  /** Days a render is kept; null for no deletion (free renders: 60 days). */
  renderRetentionDays: number | null;
  publicLink: boolean;
  viewInvites: boolean;
  commenting: boolean;
  editInvites: boolean;
  teamWorkspace: boolean;
  svgPlayerApi: boolean;
  maximumQuality: boolean;
}

const GB = 1024;

export const PLAN_FEATURES: Record<AccessLevel, PlanFeatures> = {
  0: {
    fileSlots: 20,
    storageMb: 100,
    watermark: 'all',
    renderSlots: 5,
    renderStorageMb: null,
    rendersPerMonth: 3,
    renderRetentionDays: 60,
    publicLink: false,
    viewInvites: false,
    commenting: false,
    editInvites: false,
    teamWorkspace: false,
    svgPlayerApi: false,
    maximumQuality: false,
  },
  1: {
    fileSlots: null,
    storageMb: 10 * GB,
    watermark: 'raster',
    renderSlots: 5,
    renderStorageMb: null,
    rendersPerMonth: 10,
    renderRetentionDays: null,
    publicLink: false,
    viewInvites: false,
    commenting: false,
    editInvites: false,
    teamWorkspace: false,
    svgPlayerApi: true,
    maximumQuality: false,
  },
  2: {
    fileSlots: null,
    storageMb: 100 * GB,
    watermark: 'none',
    renderSlots: null,
    renderStorageMb: 100 * GB,
    rendersPerMonth: null,
    renderRetentionDays: null,
    publicLink: true,
    viewInvites: true,
    commenting: true,
    editInvites: false,
    teamWorkspace: false,
    svgPlayerApi: true,
    maximumQuality: true,
  },
  3: {
    fileSlots: null,
    storageMb: 100 * GB,
    watermark: 'none',
    renderSlots: null,
    renderStorageMb: 100 * GB,
    rendersPerMonth: null,
    renderRetentionDays: null,
    publicLink: true,
    viewInvites: true,
    commenting: true,
    editInvites: true,
    teamWorkspace: true,
    svgPlayerApi: true,
    maximumQuality: true,
  },
};

export function planFeatures(accessLevel: AccessLevel): PlanFeatures {
  return PLAN_FEATURES[accessLevel];
}
