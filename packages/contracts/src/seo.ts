import type { TLanguage } from './i18n.ts';

/**
 * Titles and meta descriptions of the main domain's public pages. The server writes them into index.html
 * (crawlers run no JavaScript) and the marketing layout sets the same ones on client-side navigation.
 */
export const SEO_PATHS = {
  '/': 'home',
  '/food-ordering': 'food_ordering',
  '/restaurant-services': 'restaurant_services',
  '/pricing': 'pricing',
  '/about': 'about',
  '/contact': 'contact',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/tenant-register': 'register',
  '/login': 'login',
} as const;

export type TSeoPath = keyof typeof SEO_PATHS;
export type TSeoPage = (typeof SEO_PATHS)[TSeoPath];
export interface TSeoMeta {
  title: string;
  description: string;
}

/** The pages listed in the main domain's sitemap (sign-in is left to robots.txt, which disallows it). */
export const SITEMAP_PATHS: readonly TSeoPath[] = (Object.keys(SEO_PATHS) as TSeoPath[]).filter((p) => p !== '/login');

/** When the marketing copy last changed: the sitemap's lastmod. Move it with every copy change. */
export const MARKETING_UPDATED = '2026-11-23';

export const SITE_NAME = 'Tavolo';
/** The Open Graph picture (apps/web/public, served under the asset prefix). */
export const OG_IMAGE = { path: '/build/og-image.png', width: 1200, height: 630 } as const;
export const OG_LOCALES: Record<TLanguage, string> = { en: 'en_US', de: 'de_DE' };

const META: Record<TLanguage, Record<TSeoPage, TSeoMeta>> = {
  en: {
    home: {
      title: 'Online ordering and reservations for restaurants',
      description:
        'Tavolo gives your restaurant its own website with online ordering, table reservations and menu management. Free plan, Premium from $29 per month, ready in about 5 minutes.',
    },
    food_ordering: {
      title: 'Online food ordering without commission',
      description:
        'Let guests order for pickup or delivery on your own restaurant website: a menu by category, a cart, checkout and new orders in your dashboard at once. No commission.',
    },
    restaurant_services: {
      title: 'Reservations, menu, team roles and stock',
      description:
        'Table reservations, menu and categories, admin, manager and staff roles, stock checks and guest requests: the daily work of your restaurant in one dashboard.',
    },
    pricing: {
      title: 'Pricing: free plan, Premium from $29 per month',
      description:
        'Start free on your own subdomain. Premium from $29 per month adds your own domain, custom roles and more room for your menu and team. No setup fee, no commission.',
    },
    about: {
      title: 'About Tavolo',
      description:
        'Tavolo is an open-source platform that brings independent restaurants online without agencies, plug-ins or commissions, in English and German.',
    },
    contact: {
      title: 'Contact',
      description: 'Questions about Tavolo, the plans or setting up your restaurant? Write to us or call: a real person answers within one working day.',
    },
    privacy: {
      title: 'Privacy policy',
      description: 'Which data Tavolo processes when restaurants register and guests order or reserve a table, why we use it, and which rights you have.',
    },
    terms: {
      title: 'Terms of service',
      description: 'The rules for using Tavolo in plain language: your account, your content and your guests, plans and payment, availability and changes.',
    },
    register: {
      title: 'Register your restaurant',
      description:
        'Create your restaurant website with online ordering and reservations in about 5 minutes, or import it from your public listing. Free plan, no credit card.',
    },
    login: {
      title: 'Sign in',
      description: 'Sign in to your Tavolo dashboard to manage orders, reservations, the menu and your team.',
    },
  },
  de: {
    home: {
      title: 'Online-Bestellungen und Reservierungen für Restaurants',
      description:
        'Tavolo gibt Ihrem Restaurant eine eigene Website mit Online-Bestellung, Tischreservierung und Speisekartenverwaltung. Kostenloser Tarif, Premium ab 29 $ im Monat, in etwa 5 Minuten startklar.',
    },
    food_ordering: {
      title: 'Online-Bestellung ohne Provision',
      description:
        'Ihre Gäste bestellen zur Abholung oder Lieferung direkt auf Ihrer Restaurant-Website: Speisekarte nach Kategorien, Warenkorb, Kasse und neue Bestellungen sofort im Dashboard. Ohne Provision.',
    },
    restaurant_services: {
      title: 'Reservierungen, Speisekarte, Rollen und Bestand',
      description:
        'Tischreservierungen, Speisekarte und Kategorien, die Rollen Admin, Manager und Mitarbeitende, Bestandsanfragen und Gästeanfragen: der Restaurantalltag in einem Dashboard.',
    },
    pricing: {
      title: 'Preise: kostenloser Tarif, Premium ab 29 $ im Monat',
      description:
        'Starten Sie kostenlos auf Ihrer eigenen Subdomain. Premium ab 29 $ im Monat bietet Ihre eigene Domain, eigene Rollen und mehr Platz für Speisekarte und Team. Keine Einrichtungsgebühr, keine Provision.',
    },
    about: {
      title: 'Über Tavolo',
      description:
        'Tavolo ist eine Open-Source-Plattform, die unabhängige Restaurants ohne Agentur, Plug-ins oder Provisionen online bringt, auf Deutsch und Englisch.',
    },
    contact: {
      title: 'Kontakt',
      description:
        'Fragen zu Tavolo, zu den Tarifen oder zur Einrichtung Ihres Restaurants? Schreiben Sie uns oder rufen Sie an: Ein Mensch antwortet innerhalb eines Werktags.',
    },
    privacy: {
      title: 'Datenschutzerklärung',
      description:
        'Welche Daten Tavolo verarbeitet, wenn Restaurants sich registrieren und Gäste bestellen oder einen Tisch reservieren, wozu wir sie nutzen und welche Rechte Sie haben.',
    },
    terms: {
      title: 'Nutzungsbedingungen',
      description:
        'Die Regeln für die Nutzung von Tavolo in klarer Sprache: Ihr Konto, Ihre Inhalte und Ihre Gäste, Tarife und Zahlung, Verfügbarkeit und Änderungen.',
    },
    register: {
      title: 'Restaurant registrieren',
      description:
        'Erstellen Sie in etwa 5 Minuten die Website Ihres Restaurants mit Online-Bestellung und Reservierung, oder importieren Sie sie aus Ihrem öffentlichen Eintrag. Kostenlos, ohne Kreditkarte.',
    },
    login: {
      title: 'Anmelden',
      description: 'Melden Sie sich in Ihrem Tavolo-Dashboard an, um Bestellungen, Reservierungen, die Speisekarte und Ihr Team zu verwalten.',
    },
  },
};

/** The page a main-domain path shows, or null when it has no head of its own. */
export function seoPageOf(pathname: string): TSeoPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SEO_PATHS as Record<string, TSeoPage>)[path] ?? null;
}

export const seoMeta = (lang: TLanguage, page: TSeoPage): TSeoMeta => META[lang][page];

/** "<page> · Tavolo", as usePageTitle writes it in the browser. */
export const seoTitle = (lang: TLanguage, page: TSeoPage) => `${META[lang][page].title} · ${SITE_NAME}`;

/** The address of one language version: English without a parameter (x-default), the others with ?lang=. */
export const localizedUrl = (origin: string, path: string, lang: TLanguage) => `${origin}${path}${lang === 'en' ? '' : `?lang=${lang}`}`;
