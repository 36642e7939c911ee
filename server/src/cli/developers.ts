import {
  DEVELOPERS_USAGE,
  DevelopersExit,
  parseDevelopersArgs,
  runDevelopersCommand,
} from './developers-command.js';
import { runOperatorCommand } from './operator-command.js';

/**
 * `npm run developers -- grant|revoke EMAIL | list` (decision 80): the operator's way to let a
 * customer create developer apps.
 */
runOperatorCommand({
  usage: DEVELOPERS_USAGE,
  exit: DevelopersExit,
  parse: parseDevelopersArgs,
  openStore: async (dataSource) =>
    new (await import('../modules/apps/index.js')).DeveloperGrants(dataSource),
  run: runDevelopersCommand,
});
