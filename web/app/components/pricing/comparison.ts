import type { ProductName } from '@animata/contracts';

/** A comparison cell (billing-teams-apps §2): included, not included, or a text. */
export type ComparisonCell = boolean | 'Watermarked' | 'SVG only' | string;

export interface ComparisonRow {
  title: string;
  hint?: string;
  cells: Record<ProductName, ComparisonCell>;
}

export interface ComparisonSection {
  title: string;
  rows: ComparisonRow[];
}

const all = (cell: ComparisonCell) => ({ free: cell, starter: cell, pro: cell, team: cell });
const fromPro = { free: false, starter: false, pro: true, team: true };
const fromStarter = { free: false, starter: true, pro: true, team: true };
const teamOnly = { free: false, starter: false, pro: false, team: true };

/** The feature comparison of §1, by section; the hints are ours. */
export const COMPARISON: ComparisonSection[] = [
  {
    title: 'Create',
    rows: [
      {
        title: 'No watermark',
        hint: 'Starter removes it from SVG exports; Pro and Team from every export.',
        cells: { free: false, starter: 'SVG only', pro: true, team: true },
      },
      {
        title: 'Assets library',
        hint: 'Shapes, icons and characters to start from.',
        cells: all(true),
      },
      {
        title: 'Interactive animations',
        hint: 'Animations that react to hover and click.',
        cells: fromStarter,
      },
      {
        title: 'SVG Player API',
        hint: 'Control playback of exported SVG from your own code.',
        cells: fromStarter,
      },
    ],
  },
  {
    title: 'Export',
    rows: [
      {
        title: 'Export features',
        hint: 'Video, GIF and image exports.',
        cells: { free: 'Watermarked', starter: 'Watermarked', pro: true, team: true },
      },
      { title: 'Unlimited exports', cells: fromPro },
      {
        title: 'Quality',
        hint: 'Resolution and compression of videos and images.',
        cells: { free: 'Medium', starter: 'Medium', pro: 'Maximum', team: 'Maximum' },
      },
      {
        title: 'Animated images',
        hint: 'GIF and animated PNG.',
        cells: all('Up to 4K, 30 fps, 2 hours'),
      },
      { title: 'Video', hint: 'MP4 and WebM.', cells: all('Up to 4K, 60 fps, 2 hours') },
      {
        title: 'Render storage',
        hint: 'Finished renders kept for download.',
        cells: {
          free: 'Up to 5 files, kept 60 days',
          starter: 'Up to 5 files',
          pro: 'Unlimited, 100 GB',
          team: 'Unlimited, 100 GB',
        },
      },
    ],
  },
  {
    title: 'Collaboration',
    rows: [
      { title: 'Public link sharing', cells: fromPro },
      { title: 'Unlimited viewers', cells: fromPro },
      { title: 'View invites', cells: fromPro },
      { title: 'Commenting', cells: fromPro },
      { title: 'Edit invites', hint: 'Invite people to edit your projects.', cells: teamOnly },
      { title: 'Team workspace', hint: 'Shared team projects, unlimited.', cells: teamOnly },
      {
        title: 'Seats',
        cells: { free: '1', starter: '1', pro: '1', team: '3 included, up to 10' },
      },
    ],
  },
  {
    title: 'Support and billing',
    rows: [
      { title: 'Priority support', cells: teamOnly },
      { title: 'Centralized billing', hint: 'One invoice for every seat.', cells: teamOnly },
      { title: 'Master service agreement', cells: teamOnly },
      { title: 'Guaranteed SLA', cells: teamOnly },
    ],
  },
];

/** What each plan column lists under its button (§1 Plans, in short). */
export const PLAN_HIGHLIGHTS: Record<ProductName, string[]> = {
  free: ['Watermark included', 'Assets library', 'Medium quality videos and images'],
  starter: [
    'Everything in Free',
    'No watermark on SVG',
    'SVG Player API',
    'Interactive animations',
  ],
  pro: [
    'Everything in Starter',
    'Unlimited exports, no watermark',
    'Unlimited viewers and commenting',
    'Public share link',
    'Maximum quality',
  ],
  team: [
    'Everything in Pro',
    'Invite to edit, team workspace',
    'Extend up to 10 seats',
    'Priority support, centralized billing',
    'Master service agreement, guaranteed SLA',
  ],
};

export const PRODUCT_TITLES: Record<ProductName, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  team: 'Team',
};
