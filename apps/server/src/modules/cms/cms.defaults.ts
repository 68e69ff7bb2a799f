import type { TCmsLanguage, TStandardPageSlug } from '@tavolo/contracts/cms';
import { escapeHtml, sanitizePageHtml } from './cms.sanitize.ts';

/** What the default texts are written from (the restaurant's own settings). */
export interface RestaurantFacts {
  name: string;
  email: string;
  phone: string;
  address: string;
  street: string | null;
  postalCode: string;
  city: string;
  country: string;
  description: string | null;
  /** How guests order online; null when the restaurant takes no guests yet (pending) or any more (suspended). */
  online: { pickup: boolean; delivery: boolean } | null;
}

interface DefaultPage {
  title: string;
  body_html: string;
}

/**
 * `f` holds HTML-escaped values for the body; `name` is the raw name for the plain-text title; `offer` says what guests
 * can do on the website (null: nothing, it is closed).
 */
type Writer = (f: Record<'name' | 'email' | 'phone' | 'address' | 'description', string>, about: { hasDescription: boolean; name: string; offer: string | null }) => DefaultPage;

type Offer = 'pickup_delivery' | 'pickup' | 'delivery' | 'booking';
/** The About page's last sentence: only what the restaurant really offers (bookings are always taken while open). */
const OFFERS: Record<TCmsLanguage, Record<Offer, string>> = {
  en: {
    pickup_delivery: 'You can order online for pickup or delivery, and reserve a table on our website.',
    pickup: 'You can order online for pickup, and reserve a table on our website.',
    delivery: 'You can order online for delivery, and reserve a table on our website.',
    booking: 'You can reserve a table on our website.',
  },
  de: {
    pickup_delivery: 'Auf unserer Website können Sie online zur Abholung oder Lieferung bestellen und einen Tisch reservieren.',
    pickup: 'Auf unserer Website können Sie online zur Abholung bestellen und einen Tisch reservieren.',
    delivery: 'Auf unserer Website können Sie online zur Lieferung bestellen und einen Tisch reservieren.',
    booking: 'Auf unserer Website können Sie einen Tisch reservieren.',
  },
};

function offerOf(online: RestaurantFacts['online']): Offer | null {
  if (!online) return null;
  if (online.pickup && online.delivery) return 'pickup_delivery';
  return online.pickup ? 'pickup' : online.delivery ? 'delivery' : 'booking';
}

const p = (text: string) => `<p>${text}</p>`;
const mail = (email: string) => `<a href="mailto:${email}" rel="noopener noreferrer nofollow">${email}</a>`;

/**
 * Plain, sensible standard pages for a restaurant that has not written its own, so the storefront's
 * About / Privacy / Terms links never lead nowhere. Values are HTML-escaped before they go in.
 */
const WRITERS: Record<TCmsLanguage, Record<TStandardPageSlug, Writer>> = {
  en: {
    about: (f, { hasDescription, name, offer }) => ({
      title: `About ${name}`,
      body_html: [
        p(hasDescription ? f.description : `Welcome to ${f.name}! We look forward to cooking for you.`),
        '<h2>Visit us</h2>',
        p(f.address),
        '<h2>Get in touch</h2>',
        p(`E-mail: ${mail(f.email)}<br>Phone: ${f.phone}`),
        offer ? p(offer) : '',
      ].join(''),
    }),
    privacy: (f) => ({
      title: 'Privacy policy',
      body_html: [
        p(`This policy explains how ${f.name} handles personal data when you use this website.`),
        '<h2>Who is responsible</h2>',
        p(`${f.name}, ${f.address}. E-mail: ${mail(f.email)}, phone: ${f.phone}.`),
        '<h2>What we collect and why</h2>',
        '<ul><li>Orders: your name, contact details and, for delivery, your address, to prepare and hand over your order.</li>' +
          '<li>Reservations and contact requests: the details you enter, to answer you and keep your table.</li>' +
          '<li>Newsletter: your e-mail address, only after you subscribe; you can unsubscribe at any time.</li></ul>',
        p('We do not sell your data. We keep it only as long as needed for these purposes or as the law requires.'),
        '<h2>Your rights</h2>',
        p(`You may ask what data we hold about you, have it corrected or deleted, and object to its use. Write to ${mail(f.email)}.`),
      ].join(''),
    }),
    terms: (f) => ({
      title: 'Terms and conditions',
      body_html: [
        p(`These terms apply to orders and reservations made with ${f.name} through this website.`),
        '<h2>Orders</h2>',
        p('An order is binding once we have confirmed it. Prices include taxes as shown at checkout. Delivery fees and minimum order values are shown before you order.'),
        '<h2>Reservations</h2>',
        p('Please let us know in good time if you cannot keep your reservation.'),
        '<h2>Allergies</h2>',
        p('If you have allergies or intolerances, please tell us before ordering; we are glad to advise you.'),
        '<h2>Contact</h2>',
        p(`${f.name}, ${f.address}. E-mail: ${mail(f.email)}, phone: ${f.phone}.`),
      ].join(''),
    }),
  },
  de: {
    about: (f, { hasDescription, name, offer }) => ({
      title: `Über ${name}`,
      body_html: [
        p(hasDescription ? f.description : `Willkommen bei ${f.name}! Wir freuen uns darauf, für Sie zu kochen.`),
        '<h2>Besuchen Sie uns</h2>',
        p(f.address),
        '<h2>Kontakt</h2>',
        p(`E-Mail: ${mail(f.email)}<br>Telefon: ${f.phone}`),
        offer ? p(offer) : '',
      ].join(''),
    }),
    privacy: (f) => ({
      title: 'Datenschutzerklärung',
      body_html: [
        p(`Diese Erklärung beschreibt, wie ${f.name} personenbezogene Daten bei der Nutzung dieser Website verarbeitet.`),
        '<h2>Verantwortlicher</h2>',
        p(`${f.name}, ${f.address}. E-Mail: ${mail(f.email)}, Telefon: ${f.phone}.`),
        '<h2>Welche Daten wir erheben und wozu</h2>',
        '<ul><li>Bestellungen: Ihr Name, Ihre Kontaktdaten und bei Lieferung Ihre Adresse, um Ihre Bestellung zuzubereiten und zu übergeben.</li>' +
          '<li>Reservierungen und Kontaktanfragen: Ihre Angaben, um Ihnen zu antworten und Ihren Tisch freizuhalten.</li>' +
          '<li>Newsletter: Ihre E-Mail-Adresse, erst nach Ihrer Anmeldung; Sie können sich jederzeit abmelden.</li></ul>',
        p('Wir verkaufen Ihre Daten nicht. Wir speichern sie nur so lange, wie es für diese Zwecke nötig ist oder das Gesetz es verlangt.'),
        '<h2>Ihre Rechte</h2>',
        p(`Sie können Auskunft über Ihre gespeicherten Daten verlangen, sie berichtigen oder löschen lassen und der Verarbeitung widersprechen. Schreiben Sie an ${mail(f.email)}.`),
      ].join(''),
    }),
    terms: (f) => ({
      title: 'Allgemeine Geschäftsbedingungen',
      body_html: [
        p(`Diese Bedingungen gelten für Bestellungen und Reservierungen bei ${f.name} über diese Website.`),
        '<h2>Bestellungen</h2>',
        p('Eine Bestellung ist verbindlich, sobald wir sie bestätigt haben. Die Preise enthalten die an der Kasse ausgewiesenen Steuern. Liefergebühren und Mindestbestellwerte sehen Sie vor der Bestellung.'),
        '<h2>Reservierungen</h2>',
        p('Bitte sagen Sie uns rechtzeitig Bescheid, wenn Sie Ihre Reservierung nicht wahrnehmen können.'),
        '<h2>Allergien</h2>',
        p('Wenn Sie Allergien oder Unverträglichkeiten haben, sagen Sie es uns bitte vor der Bestellung; wir beraten Sie gern.'),
        '<h2>Kontakt</h2>',
        p(`${f.name}, ${f.address}. E-Mail: ${mail(f.email)}, Telefon: ${f.phone}.`),
      ].join(''),
    }),
  },
};

export function defaultPage(slug: TStandardPageSlug, language: TCmsLanguage, facts: RestaurantFacts): DefaultPage {
  const address = [facts.address, facts.street, `${facts.postalCode} ${facts.city}`, facts.country].filter(Boolean).join(', ');
  const description = facts.description?.trim() ?? '';
  const offer = offerOf(facts.online);
  const page = WRITERS[language][slug](
    {
      name: escapeHtml(facts.name),
      email: escapeHtml(facts.email),
      phone: escapeHtml(facts.phone),
      address: escapeHtml(address),
      description: escapeHtml(description),
    },
    { hasDescription: description.length > 0, name: facts.name, offer: offer && OFFERS[language][offer] },
  );
  // Same markup rules as the restaurant's own pages.
  return { title: page.title, body_html: sanitizePageHtml(page.body_html) };
}
