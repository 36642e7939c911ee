// The server's public entry for code outside the package (the benchmarks), exposed as
// `@animata/server/app`: load the configuration and start the app exactly as `npm start` does.
// Importing it loads the whole app; nothing else outside server/ should reach into dist/.
import 'reflect-metadata';

export { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
export { startApp, type StartedApp } from './create-app.js';
/** The argon2id parameters of every password hash, for a baseline that hashes like the app. */
export { ARGON2_OPTIONS } from '../modules/auth/index.js';
