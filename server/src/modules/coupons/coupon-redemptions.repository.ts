import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, QueryResult } from 'typeorm';
import { DATA_SOURCE } from '../../common/tokens.js';

/**
 * A coupon's redemptions (issue 28): the limit is kept by a conditional UPDATE of the coupon's
 * counter, which PostgreSQL's row lock serialises, so parallel payments cannot pass it. A
 * redemption is held while its payment is under way (3-D Secure included), redeemed when the
 * payment is made, and released, giving its count back, when the payment fails. One checkout
 * of a customer runs at a time (the checkout lock), so "the customer's held redemption" is one.
 */
@Injectable()
export class CouponRedemptionsRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Holds one redemption of the code for this payment: 'held' (also when this payment key
   * holds one already: a retried payment), or 'refused' when the coupon is used up, has
   * expired or is gone.
   */
  async hold(
    code: string,
    customerId: string,
    paymentKey: string,
    now: Date,
  ): Promise<'held' | 'refused'> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const query = async <T>(sql: string, parameters: unknown[]) =>
        ((await runner.query(sql, parameters, true)) as QueryResult<T>).records ?? [];
      const again = await query<{ id: string }>(
        `SELECT id FROM coupon_redemptions WHERE payment_key = $1`,
        [paymentKey],
      );
      if (again.length > 0) {
        await runner.commitTransaction();
        return 'held';
      }
      const taken = await query<{ id: string }>(
        `UPDATE coupons SET redemptions = redemptions + 1
         WHERE lower(code) = lower($1)
           AND (max_redemptions IS NULL OR redemptions < max_redemptions)
           AND (expires_at IS NULL OR expires_at > $2)
         RETURNING id`,
        [code, now],
      );
      const coupon = taken[0];
      if (!coupon) {
        await runner.rollbackTransaction();
        return 'refused';
      }
      await query(
        `INSERT INTO coupon_redemptions (coupon_id, customer_id, payment_key, status)
         VALUES ($1, $2, $3, 'held')`,
        [coupon.id, customerId, paymentKey],
      );
      await runner.commitTransaction();
      return 'held';
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** The customer's held redemption counts for good: its payment was made. */
  async redeemHeld(customerId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE coupon_redemptions SET status = 'redeemed' WHERE customer_id = $1 AND status = 'held'`,
      [customerId],
    );
  }

  /**
   * The customer's held redemptions go, and their coupons get the counts back: no payment of
   * theirs is under way. `keep` is the payment key of an attempt that goes on (a resumed
   * payment keeps its redemption: the gateway may already have applied the coupon).
   */
  async releaseHeld(customerId: string, keep: string | null = null): Promise<void> {
    await this.release(`customer_id = $1 AND ($2::text IS NULL OR payment_key <> $2)`, [
      customerId,
      keep,
    ]);
  }

  /** The redemption held for this payment counts for good: the payment was made. */
  async redeemFor(paymentKey: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE coupon_redemptions SET status = 'redeemed' WHERE payment_key = $1 AND status = 'held'`,
      [paymentKey],
    );
  }

  /** The redemption held for this payment goes, and its coupon gets the count back. */
  async releaseFor(paymentKey: string): Promise<void> {
    await this.release(`payment_key = $1`, [paymentKey]);
  }

  private async release(where: string, parameters: unknown[]): Promise<void> {
    await this.dataSource.query(
      `WITH released AS (
         DELETE FROM coupon_redemptions WHERE status = 'held' AND ${where}
         RETURNING coupon_id
       ), counts AS (
         SELECT coupon_id, count(*)::int AS n FROM released GROUP BY coupon_id
       )
       UPDATE coupons SET redemptions = coupons.redemptions - counts.n
       FROM counts WHERE coupons.id = counts.coupon_id`,
      parameters,
    );
  }
}
