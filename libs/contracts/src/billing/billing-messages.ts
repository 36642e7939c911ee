/** The error catalogue and success messages of billing-teams-apps §8, word for word. */
export const billingMessages = {
  pricingHeading: 'Choose your plan and animate with ease',
  saveUpTo: 'Save up to 43%',
  checkoutTitle: 'Checkout',
  upgradeTitle: 'Updating subscription',
  goToEditor: 'Go to editor',
  upgrade: 'Upgrade',
  backToPlans: 'Back to plans',
  chat: "Got questions? Let's chat!",
  billedYearly: 'Billed yearly',
  billedMonthly: 'Billed monthly',
  inclSeats: ', incl. 3 seats',
  paymentSuccess: 'Payment processed successfully',
  unknownError: 'Unknown error occurred',
  pricesFailed: 'Sorry.. Our system had an issue',
  pricingPageFailed: 'Sorry, our system had an issue.',
  upgradePreviewFailed: 'Something went wrong when trying to upgrade your subscription',
  upgradePaymentFailed: 'Something went wrong when trying to pay for the upgrade',
  walletFailed: 'Payment failed. Please check your Paypal Account!',
  unknownServerError3ds: 'Unknown Server Error',
  pendingPayment: (planName: string) =>
    `Please proceed first with your pending payment for ${planName} plan.`,
  removePaymentFailed: 'Could not remove your payment method',
  paymentMethodRemoved: 'Payment method removed',
  cardChanged: 'Card changed',
  subscriptionCanceled: 'Your subscription was canceled',
  billingInfoChanged: 'Billing info changed',
  upgraded: (plan: string) => `You have successfully upgraded to ${plan} plan`,
  /**
   * Our own texts for a change that waits for the period end (issue 29; the spec has none):
   * the success notice, and the dialog's and the billing page's words. `date` is the long date
   * of shownBillingDate.
   */
  changeScheduled: (plan: string, date: string) => `Your ${plan} plan starts on ${date}`,
  scheduledButton: (plan: string, date: string) => `Switch to ${plan} on ${date}`,
  scheduledNote: (current: string, next: string, date: string, price: string) =>
    `Your ${current} plan stays until ${date}. The ${next} plan starts on ${date} at ${price}; nothing is charged now.`,
  startsOn: 'Starts on',
  /** A PayPal plan (Braintree) cannot change at the period end (decision 75). */
  changeNotSchedulable:
    'A PayPal plan can move to a lower plan or a shorter period only once it ends. Cancel the renewal, then choose the new plan when it has ended.',
  scheduledChange: 'Next plan',
  slotsUpdated: (n: number) => `You have updated your member slots to ${n}`,
  renewalCanceled: 'Renewal canceled',
  availableUntil: 'Available until',
  pastDue: 'Past due',
  /** Our own texts where the spec shows none (decision records them). */
  declined: 'Your card was declined.',
  /** handle3ds on a payment the gateway has not taken (issue 28): what happened, in its words. */
  threeDsIncomplete: "Your card's authentication was not completed, so nothing was charged.",
  paymentCanceled: 'The payment was canceled, so nothing was charged.',
  paymentNotCompleted:
    'The payment could not be completed, so nothing was charged. Please try again or use another card.',
  priceChanged: 'The price has changed. Please check the new amount and pay again.',
  alreadySubscribed: 'You already have this plan.',
  notUpgrade: 'This change is not available for your plan.',
  noPaymentMethod: 'Add a payment method first.',
  /** Another checkout call of the same customer is still running (409). */
  checkoutBusy:
    'Another payment of yours is still in progress. Please wait a moment and try again.',
  sandboxNotice: 'Sandbox payments: no real money is charged.',
  /** A gateway webhook whose signature does not verify (400). */
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  /** A gateway webhook that refers to something not known yet: the gateway delivers it again (503). */
  webhookRetry: 'The event cannot be applied yet. Please deliver it again.',
} as const;
