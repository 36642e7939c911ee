/**
 * How long a checkout call waits for another call of the same customer to finish (a double
 * click, a second tab) before it answers 409 `checkoutBusy`.
 */
export const CHECKOUT_LOCK_WAIT_MS = 20_000;

/**
 * How long the customer's lock outlives a process that died holding it: the holder renews it
 * while it works (however long the gateway takes), so a retry after a crash waits this long at
 * most, within CHECKOUT_LOCK_WAIT_MS, and then finishes the attempt the crash left open.
 */
export const CHECKOUT_LOCK_LEASE_MS = 4_000;
