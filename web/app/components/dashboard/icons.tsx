import type { ReactNode } from 'react';

/** The dashboard's line icons (§2: folder icons, a title icon per view), 20 px, decorative. */
export function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const FOLDER = 'M3.5 7.5a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z';

export const icons = {
  all: (
    <Icon>
      <rect x="4" y="4" width="7" height="7" rx="1.5" />
      <rect x="13" y="4" width="7" height="7" rx="1.5" />
      <rect x="4" y="13" width="7" height="7" rx="1.5" />
      <rect x="13" y="13" width="7" height="7" rx="1.5" />
    </Icon>
  ),
  folder: (
    <Icon>
      <path d={FOLDER} />
    </Icon>
  ),
  folderCreate: (
    <Icon>
      <path d={FOLDER} />
      <path d="M12 11v5M9.5 13.5h5" />
    </Icon>
  ),
  folderMove: (
    <Icon>
      <path d={FOLDER} />
      <path d="M9 13.5h6M12.5 11l2.5 2.5-2.5 2.5" />
    </Icon>
  ),
  folderShared: (
    <Icon>
      <path d={FOLDER} />
      <circle cx="12" cy="12.5" r="1.6" />
      <path d="M9 17c.6-1.3 1.7-2 3-2s2.4.7 3 2" />
    </Icon>
  ),
  renders: (
    <Icon>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m10.5 9.5 4 2.5-4 2.5z" />
    </Icon>
  ),
  shared: (
    <Icon>
      <circle cx="9" cy="9" r="3" />
      <path d="M3.5 19c.9-3 3-4.5 5.5-4.5s4.6 1.5 5.5 4.5" />
      <path d="M16 6.5a3 3 0 0 1 0 5.5M18 14.8c1.2.7 2 2 2.5 4.2" />
    </Icon>
  ),
  demo: (
    <Icon>
      <path d="M12 3.5 14 9l5.5 2-5.5 2-2 5.5-2-5.5L4.5 11 10 9z" />
    </Icon>
  ),
  team: (
    <Icon>
      <circle cx="8" cy="9" r="2.5" />
      <circle cx="16" cy="9" r="2.5" />
      <path d="M3.5 18c.7-2.5 2.4-3.8 4.5-3.8s3.8 1.3 4.5 3.8M11.5 18c.7-2.5 2.4-3.8 4.5-3.8s3.8 1.3 4.5 3.8" />
    </Icon>
  ),
  plus: (
    <Icon>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  ),
  search: (
    <Icon size={18}>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
    </Icon>
  ),
  menu: (
    <Icon>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  ),
  more: (
    <Icon>
      <circle cx="6" cy="12" r="1" fill="currentColor" />
      <circle cx="12" cy="12" r="1" fill="currentColor" />
      <circle cx="18" cy="12" r="1" fill="currentColor" />
    </Icon>
  ),
  chevronRight: (
    <Icon size={16}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  ),
  chevronDown: (
    <Icon size={16}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  ),
  close: (
    <Icon>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  ),
  storage: (
    <Icon>
      <ellipse cx="12" cy="6.5" rx="7" ry="2.5" />
      <path d="M5 6.5v11c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-11M5 12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" />
    </Icon>
  ),
  empty: (
    <Icon size={48}>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="M7 15l3-3.5 2.5 2.5L15 11l2 4" />
      <circle cx="8.5" cy="9" r="1" />
    </Icon>
  ),
} as const;
