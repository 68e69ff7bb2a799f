import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPublicPage, TPublicPageLink } from '@tavolo/contracts/cms';
import { api } from '../../../lib/api.ts';

/** Content pages as guests read them; the answer depends on the visitor's language, so the key carries it. */
export const publicPagesApi = {
  links: () => api<TPublicPageLink[]>('GET', '/tenant/public/pages'),
  page: (slug: string) => api<TPublicPage>('GET', `/tenant/public/pages/${encodeURIComponent(slug)}`),
};

// Pages change rarely; a minute of freshness is enough for a guest and spares the server.
const STALE_MS = 60_000;

/** Footer links: About, Privacy, Terms and the restaurant's published custom pages. */
export function usePublicPageLinks() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['storefront', 'pages', i18n.language], queryFn: async () => (await publicPagesApi.links()).data, staleTime: STALE_MS });
}

export function usePublicPage(slug: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['storefront', 'page', slug, i18n.language],
    queryFn: async () => (await publicPagesApi.page(slug)).data,
    staleTime: STALE_MS,
    // A missing page stays missing; retrying a 404 only delays the message.
    retry: (count, error) => (error as { code?: string }).code !== 'NOT_FOUND' && count < 2,
  });
}
