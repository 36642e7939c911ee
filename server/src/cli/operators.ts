import {
  OPERATORS_USAGE,
  OperatorsExit,
  parseOperatorsArgs,
  runOperatorsCommand,
} from './operators-command.js';
import { runOperatorCommand } from './operator-command.js';

/**
 * `npm run operators -- grant EMAIL --role support|admin | revoke EMAIL | list` (issue 32;
 * decision 289): who may open the queue dashboard at /admin/queues.
 */
runOperatorCommand({
  usage: OPERATORS_USAGE,
  exit: OperatorsExit,
  parse: parseOperatorsArgs,
  openStore: async (dataSource) =>
    new (await import('../modules/operators/index.js')).OperatorGrants(dataSource),
  run: runOperatorsCommand,
});
