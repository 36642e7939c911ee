/**
 * The §2 button rule lives in libs/contracts (billing/plan-action.ts, unit-tested there); the
 * pricing page, the comparison header and the checkout dialogs read it from here.
 */
export { planAction, type PlanAction, type PlanActionCustomer } from '@animata/contracts';
