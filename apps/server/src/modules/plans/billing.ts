import type { TPlanId } from '@tavolo/contracts/plans';

/**
 * Where a payment provider plugs in. Today plans change by hand: an owner asks for Premium (the request is
 * recorded and operators see it), an operator switches the plan. A provider (Stripe, Paddle, ...) would
 * implement `requestUpgrade` by opening a checkout and call `PlansService.changePlan` from its webhook.
 */
export interface BillingProvider {
  /** The owner wants `planId`; answers where to send the browser next, or null when there is nothing to pay online. */
  requestUpgrade(input: { tenantId: string; planId: TPlanId }): Promise<{ checkoutUrl: string | null }>;
}

/** No payment provider: the request waits for an operator. */
export const manualBilling: BillingProvider = {
  async requestUpgrade() {
    return { checkoutUrl: null };
  },
};
