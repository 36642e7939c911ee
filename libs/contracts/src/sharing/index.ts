export * from './sharing.js';
export * from './sharing-messages.js';
export * from './sharing-rules.js';
export * from './sharing-dto.js';
export * from './share-dialog.js';
export * from './public-link.js';
