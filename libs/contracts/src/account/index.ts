export * from './customer.js';
export * from './account-messages.js';
export * from './account-dto.js';
export * from './devices.js';
export * from './email-change.js';
export * from './avatar.js';
