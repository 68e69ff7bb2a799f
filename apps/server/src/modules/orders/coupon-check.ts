import { formatCalendarDate, type TLanguage } from '@tavolo/contracts/i18n';
import type { PricingCoupon } from './pricing.ts';
import type { RulesRepo } from './rules.repo.ts';
import { ruleError } from './rule-error.ts';

/**
 * Finds a coupon by its code and checks everything but its minimum order (which needs the priced cart): active,
 * within its dates on the restaurant's clock, uses left overall and for this customer. With `lock` (checkout) the
 * coupon row stays locked until the order commits, so two orders cannot both take its last use.
 */
export async function checkCoupon(
  rules: RulesRepo,
  q: { tenantId: string; code: string; customerKey: string | null; today: string; lang: TLanguage; lock: boolean },
): Promise<PricingCoupon & { id: string }> {
  const coupon = await rules.couponByCode(q.tenantId, q.code, q.lock);
  if (!coupon || !coupon.isActive) throw ruleError('coupon_code', 'ordering.checkout.coupon_unknown');
  if (coupon.validFrom && q.today < coupon.validFrom) throw ruleError('coupon_code', 'ordering.checkout.coupon_not_yet', { date: formatCalendarDate(q.lang, coupon.validFrom) });
  if (coupon.validUntil && q.today > coupon.validUntil) throw ruleError('coupon_code', 'ordering.checkout.coupon_expired', { date: formatCalendarDate(q.lang, coupon.validUntil) });
  if (coupon.maxUses !== null || coupon.maxUsesPerCustomer !== null) {
    const uses = await rules.couponUses(q.tenantId, coupon.id, q.customerKey);
    if (coupon.maxUses !== null && uses.total >= coupon.maxUses) throw ruleError('coupon_code', 'ordering.checkout.coupon_used_up');
    if (coupon.maxUsesPerCustomer !== null && q.customerKey && uses.mine >= coupon.maxUsesPerCustomer) throw ruleError('coupon_code', 'ordering.checkout.coupon_used_by_you');
  }
  return { id: coupon.id, code: coupon.code, kind: coupon.kind, value: coupon.value, minOrderCents: coupon.minOrderCents };
}
