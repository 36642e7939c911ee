export * from './catalog.js';
export * from './subscription.js';
export * from './checkout.js';
export * from './billing-messages.js';
export * from './plan-features.js';
export * from './price-math.js';
export * from './card-form.js';
export * from './billing-dto.js';
