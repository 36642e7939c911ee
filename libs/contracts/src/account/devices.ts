/** One signed-in session of the customer: 'Where you're signed in' (issue 16, beyond the spec). */
export interface DeviceSession {
  /** The session's id as the BFF knows it (the token's hash, never the token). */
  id: string;
  /** 'Chrome 131 on Linux', or 'Unknown browser' when the user agent says nothing useful. */
  device: string;
  /** ISO date-time of the last request, to within five minutes. */
  lastActiveAt: string;
  /** ISO date-time of the login. */
  signedInAt: string;
  /** The session this request came with. */
  current: boolean;
}

/** GET {api}/account/sessions: the live sessions, most recently active first. */
export interface SessionsResponse {
  sessions: DeviceSession[];
}

/** DELETE {api}/account/sessions: how many other sessions ended. */
export interface EndedSessionsResponse {
  ended: number;
}

export const devicesTexts = {
  title: "Where you're signed in",
  intro: 'These browsers are signed in to your account. Sign out of any you do not recognise.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out of all other devices',
  signedOut: 'That device was signed out',
  othersSignedOut: (n: number) =>
    n === 1 ? '1 other device was signed out' : `${n} other devices were signed out`,
  noOthers: 'You are signed in on this device only.',
  unknownDevice: 'Unknown browser',
} as const;

/** How long ago a session was last used; the BFF notes activity at most every five minutes. */
export function lastActiveText(lastActiveAt: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - lastActiveAt.getTime()) / 60_000);
  if (minutes < 5) return 'Active now';
  if (minutes < 60) return `Last active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'Last active 1 hour ago' : `Last active ${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'Last active yesterday' : `Last active ${days} days ago`;
}
