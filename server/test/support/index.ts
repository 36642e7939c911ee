export * from './app.js';
export * from './database.js';
export * from './environment.js';
