export * from './app.js';
export * from './database.js';
export * from './environment.js';
export * from './factories.js';
