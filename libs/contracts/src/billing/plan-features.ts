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
