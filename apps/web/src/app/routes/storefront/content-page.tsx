import { useLocation, useParams } from 'react-router';
import { ContentPageView } from '../../../features/storefront/components/content-page-view.tsx';
import { site } from '../../site.ts';

/** /about, /privacy, /terms (standard pages, never missing) and /p/:slug (the restaurant's custom pages). */
export default function ContentPage() {
  const { slug } = useParams();
  const { pathname } = useLocation();
  const pageSlug = slug ?? pathname.replace(/^\/+|\/+$/g, '');
  return <ContentPageView key={pageSlug} slug={pageSlug} siteName={site.kind === 'tenant' ? site.tenant.name : ''} />;
}
