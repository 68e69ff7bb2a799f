import type { FastifyRequest } from 'fastify';
import { LANGUAGES, pickLanguage, type TLanguage } from '@tavolo/contracts/i18n';
import { OG_IMAGE, OG_LOCALES, SITE_NAME, localizedUrl, seoMeta, seoPageOf, seoTitle } from '@tavolo/contracts/seo';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);


/**
 * `?lang=de` first (what the hreflang links point at), then the visitor's choice (the web app keeps it in a
 * `language` cookie as well as in its storage), then X-Language / Accept-Language.
 */
export function headLanguage(request: FastifyRequest): TLanguage {
  const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang') ?? request.cookies?.language;
  return asked && (LANGUAGES as readonly string[]).includes(asked) ? pickLanguage(asked) : request.lang;
}

/**
 * The <title> and meta tags of a main-domain page: description, canonical, hreflang alternates, Open Graph
 * and Twitter card. Null for paths without a head of their own (the dashboard, password reset, ...).
 */
export function marketingHead(origin: string, pathname: string, lang: TLanguage): string | null {
  const page = seoPageOf(pathname);
  if (!page) return null;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const { description } = seoMeta(lang, page);
  const title = seoTitle(lang, page);
  const url = localizedUrl(origin, path, lang);
  const image = `${origin}${OG_IMAGE.path}`;
  const tags = [
    `<title>${escapeXml(title)}</title>`,
    `<meta name="description" content="${escapeXml(description)}" />`,
    `<link rel="canonical" href="${escapeXml(url)}" />`,
    ...LANGUAGES.map((alt) => `<link rel="alternate" hreflang="${alt}" href="${escapeXml(localizedUrl(origin, path, alt))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(origin, path, 'en'))}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeXml(title)}" />`,
    `<meta property="og:description" content="${escapeXml(description)}" />`,
    `<meta property="og:url" content="${escapeXml(url)}" />`,
    `<meta property="og:image" content="${escapeXml(image)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[lang]}" />`,
    ...LANGUAGES.filter((alt) => alt !== lang).map((alt) => `<meta property="og:locale:alternate" content="${OG_LOCALES[alt]}" />`),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  return tags.join('\n    ');
}
