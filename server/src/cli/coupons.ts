import {
  COUPONS_USAGE,
  CouponsExit,
  parseCouponsArgs,
  runCouponsCommand,
} from './coupons-command.js';
import { runOperatorCommand } from './operator-command.js';

/**
 * `npm run coupons -- list | set CODE [--limit N|none] [--expires WHEN|none]` (issue 28): the
 * operator's way to give a coupon code a redemption limit and an expiry.
 */
runOperatorCommand({
  usage: COUPONS_USAGE,
  exit: CouponsExit,
  parse: parseCouponsArgs,
  openStore: async (dataSource) =>
    new (await import('../modules/coupons/index.js')).CouponsRepository(dataSource),
  run: runCouponsCommand,
});
