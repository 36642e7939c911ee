export * from './render.js';
export * from './render-messages.js';
export * from './render-rules.js';
export * from './render-dto.js';
export * from './render-page.js';
