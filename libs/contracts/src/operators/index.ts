/**
 * The operators' side (issue 32): the queue dashboard's address, the operator roles and the
 * texts of their refusals and of the page shown without Redis. Texts of our own: the spec has no
 * operators (decisions 289–292).
 */

/** bull-board's address; everything under it (its API, its assets) belongs to it too. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** support looks; admin may also retry, promote and remove jobs. */
export const OPERATOR_ROLES = ['support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorMessages = {
  /** A support operator tried to change a job (403). */
  readOnly: 'Your operator role may look at the queues but not change them.',
  /** A write bull-board offers that no operator may do here (403): pause, add, empty, … */
  actionNotOffered: 'Operators may only retry, promote and remove jobs here.',
  /** The page at /admin/queues without REDIS_URL. */
  inProcessTitle: 'Queues',
  inProcessHeading: 'The queues run in-process',
  inProcessBody:
    'Without REDIS_URL the jobs run inside this process, so there is no queue dashboard. Set REDIS_URL to run them on BullMQ and see them here. Their counts now:',
  inProcessColumns: ['Queue', 'Waiting', 'Active', 'Delayed', 'Failed'],
} as const;
