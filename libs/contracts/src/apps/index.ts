export * from './app-ids.js';
export * from './apps-messages.js';
export * from './redirect-uris.js';
export * from './own-apps.js';
export * from './app-authorization.js';
export * from './own-apps-texts.js';
