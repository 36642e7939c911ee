export * from './popup-selection.js';
export * from './coupon-popups.js';
export * from './invitations.js';
