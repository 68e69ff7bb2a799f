import { lazy, Suspense, useEffect } from 'react';
import { Container } from '../../../components/lite/index.ts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../i18n.ts';
import { Outlet, useLocation } from 'react-router';
import { DEFAULT_APPEARANCE } from '@tavolo/contracts/looks';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { LooksScope } from '../../../components/ui/looks-scope.tsx';
import { OrderingPausedNotice } from '../../../components/ui/ordering-paused-notice.tsx';
import { ClosedPage, openWhenClosed } from '../../../features/storefront/components/closed-page.tsx';
import { StorefrontFooter } from '../../../features/storefront/components/storefront-footer.tsx';
import { StorefrontHeader } from '../../../features/storefront/components/storefront-header.tsx';
import { CartButton } from '../../../features/cart/components/cart-button.tsx';
import { useStorefrontAppearance, useTenantDetails, useTenantSettings } from '../../../features/storefront/hooks/use-storefront-data.ts';
import { site, siteOrigin } from '../../site.ts';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link.tsx';


// The footer's sign-up form validates with the shared schemas: it loads when the guest scrolls near it (issue #11).
const NewsletterForm = lazy(() => import('../../../features/requests/components/newsletter-form.tsx').then((m) => ({ default: m.NewsletterForm })));

const platformUrl = () => siteOrigin(site.mainDomain);

/** SPEC §2.2: the restaurant's public site around every storefront page. */
export default function StorefrontLayout() {
  const { t } = useTranslation('storefront');
  const { pathname } = useLocation();
  const settings = useTenantSettings();
  const details = useTenantDetails();
  const looks = useStorefrontAppearance();
  const tenant = site.kind === 'tenant' ? site.tenant : null;
  const name = details.data?.business_name ?? tenant?.name ?? '';

  // SPEC §8: a failed settings load is reported once; the page still works with what it has.
  useEffect(() => {
    if (settings.isError) {
      notifications.show({ id: 'storefront-settings-error', color: 'red', title: t('errors.error_title'), message: t('errors.settings_failed') });
    }
  }, [settings.isError, t]);

  const closed = tenant?.status === 'pending' || tenant?.status === 'suspended' ? tenant.status : null;
  const closedReason = closed && !openWhenClosed(pathname) ? closed : null;

  return (
    <LooksScope looks={looks.data ?? DEFAULT_APPEARANCE} scope="document">
      <div style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
        <SkipLink />
        <StorefrontHeader
          name={name}
          logo={details.data?.logo}
          settings={settings.data}
          closed={closed !== null}
          languageSwitcher={<LanguageSwitcher />}
          cartButton={closed ? undefined : <CartButton symbol={details.data?.currency_symbol ?? settings.data?.currency_symbol ?? '$'} />}
        />
        <main id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          {/* The checkout says it itself, beside the order (it was shown twice there). */}
          {!closedReason && details.data?.paused_until && pathname !== '/checkout' && (
            <Container size="lg" style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
              {/* Its texts (namespace 'ordering') load only for a paused restaurant. */}
              <Suspense fallback={null}>
                <OrderingPausedNotice pausedUntil={details.data.paused_until} timeZone={details.data.time_zone} />
              </Suspense>
            </Container>
          )}
          {closedReason ? <ClosedPage reason={closedReason} name={name} /> : <Outlet />}
        </main>
        <StorefrontFooter name={name} settings={settings.data} platformUrl={platformUrl()} closed={closed !== null} newsletter={closed ? undefined : (
          // Browser-only (a form typed into before the page is the browser's would lose what was typed).
          <WhenNear>
            <NewsletterForm />
          </WhenNear>
        )} />
      </div>
    </LooksScope>
  );
}
