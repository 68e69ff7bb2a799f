import { lazy } from 'react';
import { Anchor, Breadcrumbs, Button, Container, Stack, Text, VisuallyHidden } from '../../../components/lite/index.ts';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/layouts/message-page.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { usePageTitle } from '../../../components/ui/page-title.ts';
import { AddToCartButton } from '../../../features/cart/components/add-to-cart-button.tsx';
import { MenuBrowser } from '../../../features/storefront/components/menu-browser.tsx';
import { RestaurantHeaderCard, RestaurantHeaderCardSkeleton } from '../../../features/storefront/components/restaurant-header-card.tsx';
import { useStorefrontAppearance, useTenantDetails, useTenantSettings } from '../../../features/storefront/hooks/use-storefront-data.ts';
import { site } from '../../site.ts';

// Below the menu, and the storefront's heaviest part (date picker, form validation): it loads when the guest
// scrolls near it, so the menu shows and answers sooner (issue #11).
const ReservationForm = lazy(() => import('../../../features/requests/components/reservation-form.tsx').then((m) => ({ default: m.ReservationForm })));

/** The restaurant's start page (route tenant-landing): who, where, when, and the menu. */
export default function LandingPage() {
  const { t } = useTranslation('storefront');
  const details = useTenantDetails();
  const settings = useTenantSettings();
  const looks = useStorefrontAppearance().data;
  const name = details.data?.business_name ?? (site.kind === 'tenant' ? site.tenant.name : '');
  usePageTitle(t('landing.title'), name || undefined);

  if (details.isError) {
    return (
      <MessagePage icon={<IconBuildingStore size={40} />} title={t('errors.details_failed')} text={t('errors.details_failed_text')}>
        <Button onClick={() => details.refetch()} disabled={details.isFetching}>
          {t('menu.retry')}
        </Button>
      </MessagePage>
    );
  }

  return (
    // Its padding by screen width: storefront.css.
    <Container size="lg" className="tavolo-landing">
      <Stack gap="lg">
        {details.data ? <RestaurantHeaderCard details={details.data} description={settings.data?.description} headerStyle={looks?.header_style} banner={looks?.banner_image} /> : <RestaurantHeaderCardSkeleton />}
        <nav aria-label={t('landing.breadcrumb')}>
          <Breadcrumbs separator="/" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
            {[
              <Anchor key="home" component={Link} to="/" size="sm">
                {t('landing.home')}
              </Anchor>,
              <Text key="menu" size="sm" c="dimmed" aria-current="page">
                {t('landing.menu')}
              </Text>,
            ]}
          </Breadcrumbs>
        </nav>
        {/* The dishes' names are h3: the menu needs its h2 (the visible tabs say what it is). */}
        <VisuallyHidden component="h2">{t('landing.menu')}</VisuallyHidden>
        <MenuBrowser currencySymbol={details.data?.currency_symbol ?? settings.data?.currency_symbol ?? '$'} defaultView={looks?.menu_layout ?? 'grid'} renderAction={(product) => <AddToCartButton product={product} symbol={details.data?.currency_symbol ?? settings.data?.currency_symbol ?? '$'} />} />
        {/* Far below the first screen: the browser lays it out and paints it only when scrolled near. */}
        <div style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 960px' }}>
          {/* Browser-only: it reads today's date and brings its own styles (the server renders up to here). */}
          <WhenNear>
            <ReservationForm phone={settings.data?.phone} />
          </WhenNear>
        </div>
      </Stack>
    </Container>
  );
}
