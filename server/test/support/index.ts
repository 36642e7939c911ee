export * from './app.js';
export * from './database.js';
export * from './environment.js';
export * from './factories.js';
export * from './logger.js';
export * from './redis.js';
export * from './smtp.js';
