export * from './catalog.js';
export * from './subscription.js';
export * from './checkout.js';
export * from './billing-messages.js';
export * from './plan-features.js';
export * from './price-math.js';
export * from './card-form.js';
export * from './plan-action.js';
export * from './billing-dto.js';
export * from './invoices.js'; // issue 30: the invoices list and PDFs
