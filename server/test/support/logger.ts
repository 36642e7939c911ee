import { pino } from 'pino';
import type { AppLogger } from '../../src/common/logger.js';

/** A logger that writes nothing unless TEST_LOG_LEVEL asks for it. */
export function quietLogger(): AppLogger {
  return pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}
