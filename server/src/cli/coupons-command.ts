import type { CouponLimits, CouponSummary, CouponsRepository } from '../modules/coupons/index.js';
import type { CommandOutput } from './operator-command.js';

/** Exit codes an operator's script can tell apart (sysexits.h where one fits). */
export const CouponsExit = {
  ok: 0,
  /** No coupon has the code. */
  noSuchCoupon: 1,
  /** EX_USAGE: an unknown command or option, a missing code, a bad number or date. */
  usage: 64,
  /** EX_CONFIG: a bad variable, or a database that cannot be opened. */
  config: 78,
} as const;

export const COUPONS_USAGE = `Usage: npm run coupons -- <command>

  list                                   every coupon: code, discount, plan, expiry, redemptions
  set CODE [--limit N|none] [--expires WHEN|none]
                                         how many payments may use the code (none: no limit),
                                         and when it stops (none: never)

WHEN is an ISO 8601 date-time such as 2026-12-01T00:00:00Z; a date alone (2026-12-01) means
its start, midnight UTC. A limit below the redemptions so far stops the code at once.
It uses the database of npm start: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR.
`;

export type CouponsCommand =
  | { kind: 'list' }
  | { kind: 'set'; code: string; limits: CouponLimits }
  | { kind: 'help' }
  | { kind: 'usage'; problem: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The command line after `--`, checked before any database is opened. */
export function parseCouponsArgs(args: readonly string[]): CouponsCommand {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') return { kind: 'help' };
  if (command === 'list')
    return rest.length === 0
      ? { kind: 'list' }
      : { kind: 'usage', problem: 'list takes nothing more.' };
  if (command !== 'set') return { kind: 'usage', problem: `Unknown command "${command}".` };
  const [code, ...options] = rest;
  if (!code?.trim() || code.startsWith('--'))
    return { kind: 'usage', problem: 'set needs a coupon code.' };
  const limits: CouponLimits = {};
  for (let i = 0; i < options.length; i += 2) {
    const name = options[i]!;
    const value = options[i + 1];
    if (name !== '--limit' && name !== '--expires')
      return { kind: 'usage', problem: `Unknown option "${name}".` };
    if (value === undefined) return { kind: 'usage', problem: `${name} needs a value.` };
    if (name === '--limit') {
      if (value === 'none') limits.maxRedemptions = null;
      else if (/^[1-9]\d{0,8}$/.test(value)) limits.maxRedemptions = Number(value);
      else return { kind: 'usage', problem: '--limit takes a whole number from 1, or none.' };
    } else if (value === 'none') {
      limits.expiresAt = null;
    } else {
      const when = new Date(/T/.test(value) ? value : `${value}T00:00:00Z`);
      if (!ISO_DATE.test(value) || Number.isNaN(when.getTime()))
        return {
          kind: 'usage',
          problem: '--expires takes an ISO 8601 date or date-time, or none.',
        };
      limits.expiresAt = when;
    }
  }
  if (limits.maxRedemptions === undefined && limits.expiresAt === undefined)
    return { kind: 'usage', problem: 'set needs --limit, --expires or both.' };
  return { kind: 'set', code: code.trim(), limits };
}

/** One coupon as a tab-separated line: code, discount, plan, expiry, redemptions/limit. */
export function couponLine(coupon: CouponSummary): string {
  const discount =
    coupon.type === 'percent' ? `${coupon.discount}%` : `$${(coupon.discount / 100).toFixed(2)}`;
  return [
    coupon.code,
    `${discount} off`,
    coupon.limitation ?? 'every plan',
    coupon.expiresAt ? `expires ${coupon.expiresAt.toISOString()}` : 'no expiry',
    `${coupon.redemptions}/${coupon.maxRedemptions ?? 'unlimited'} redeemed`,
  ].join('\t');
}

/** Runs a database command against the coupons; answers the exit code. */
export async function runCouponsCommand(
  command: Extract<CouponsCommand, { kind: 'list' | 'set' }>,
  coupons: Pick<CouponsRepository, 'list' | 'setLimits'>,
  io: CommandOutput,
): Promise<number> {
  if (command.kind === 'list') {
    const all = await coupons.list();
    if (all.length === 0) io.out('There are no coupons.\n');
    for (const coupon of all) io.out(`${couponLine(coupon)}\n`);
    return CouponsExit.ok;
  }
  const changed = await coupons.setLimits(command.code, command.limits);
  if (!changed) {
    io.err(`No coupon has the code ${command.code}. Nothing was changed.\n`);
    return CouponsExit.noSuchCoupon;
  }
  io.out(`${couponLine(changed)}\n`);
  return CouponsExit.ok;
}
