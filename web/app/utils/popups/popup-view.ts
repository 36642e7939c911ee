import type { CouponPopupName, CouponPopupView, PopupInvite } from '@animata/contracts';

/** What a signed-in layout hands its seasonal popup (decided by popups.server.ts). */
export type PopupView =
  | { kind: 'invitations'; name: 'invitations'; invites: PopupInvite[] }
  | { kind: 'coupon'; name: CouponPopupName; view: CouponPopupView; expires: string | null };

export interface SeasonalPopupData {
  popup: PopupView | null;
  analytics: { tagManagerId: string | null };
}

/** The page action that records a close and answers invites without JavaScript. */
export const POPUPS_ACTION_PATH = '/popups';

export const popupIntents = {
  close: 'close',
  offer: 'offer',
  confirm: 'confirm',
  refuse: 'refuse',
} as const;
