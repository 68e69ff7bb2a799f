import { DEFAULT_OPENING_HOURS, type TOpeningDay } from '@tavolo/contracts/settings';
import { MAX_PRICE_CENTS } from '@tavolo/contracts/menu';
import { IMPORT_MAX_SECTIONS, type TImportedSection } from '@tavolo/contracts/listing-import';

/**
 * Reads a restaurant's schema.org data (JSON-LD) from a page: pure functions, no I/O. Everything from the page is
 * untrusted: strings are stripped of markup and bounded, prices parsed without floats, counts capped.
 */

type Node = Record<string, unknown>;

/** A warning as a message key and its parameters (the service translates it). */
export interface ParseWarning {
  key: string;
  params?: Record<string, unknown>;
}

export interface ParsedListing {
  name: string | null;
  telephone: string | null;
  email: string | null;
  address: { street: string | null; postalCode: string | null; locality: string | null; region: string | null; country: string | null };
  url: string | null;
  logo: string | null;
  description: string | null;
  cuisine: string | null;
  openingHours: TOpeningDay[] | null;
  currency: string | null;
  sections: TImportedSection[];
  itemsFound: number;
  warnings: ParseWarning[];
}

const LD_SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;
const MAX_NODES = 5000;

/** Every JSON-LD node of the page, @graph and arrays flattened (nested objects are reached through properties). */
export function jsonLdNodes(text: string, contentType: string): { nodes: Node[]; invalidBlocks: number } {
  const blocks = contentType === 'application/ld+json' ? [text] : [...text.matchAll(LD_SCRIPT)].map((m) => m[1]!);
  const nodes: Node[] = [];
  let invalidBlocks = 0;
  const add = (value: unknown) => {
    if (nodes.length >= MAX_NODES) return;
    if (Array.isArray(value)) return value.forEach(add);
    if (!isNode(value)) return;
    if (Array.isArray(value['@graph'])) value['@graph'].forEach(add);
    if (value['@type']) nodes.push(value);
  };
  for (const block of blocks) {
    try {
      // Some sites wrap the JSON in an HTML comment or CDATA.
      add(JSON.parse(block.replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[)|(-->|\/\/\s*\]\]>)\s*$/g, '')));
    } catch {
      invalidBlocks++;
    }
  }
  return { nodes, invalidBlocks };
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** The node's types without the schema.org prefix. */
const typesOf = (node: Node): string[] =>
  list(node['@type'])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, ''));

/** Restaurant, FoodEstablishment and their usual subtypes; LocalBusiness last (a listing may be any shop). */
const FOOD_TYPES = new Set([
  'Restaurant',
  'FoodEstablishment',
  'CafeOrCoffeeShop',
  'Bakery',
  'BarOrPub',
  'Brewery',
  'Distillery',
  'FastFoodRestaurant',
  'IceCreamShop',
  'Winery',
]);
const isBusiness = (node: Node) => typesOf(node).some((t) => FOOD_TYPES.has(t) || t === 'LocalBusiness');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', shy: '' };

/** Plain, single-spaced text: tags removed, entities decoded, bounded; null when nothing is left. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    // Control characters and stray markup brackets have no place in a menu.
    .replace(/[\p{Cc}<>]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * Cents from a price as pages write it: 12.5, "12,50", "€ 9.90", "1.234,50 €", "EUR 7". Null when it is not one
 * price (a range, words, negative, absurdly large). No floats: the digits are split at the decimal separator.
 */
export function parsePriceCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    return cents <= MAX_PRICE_CENTS ? cents : null;
  }
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  if (/[-−]\s*\d/.test(raw)) return null;
  const match = /^[^\d]{0,6}?(\d[\d.,' \u00a0]*)[^\d]{0,6}$/.exec(raw);
  if (!match) return null;
  const number = match[1]!.replace(/[' \u00a0]/g, '').replace(/[.,]$/, '');
  const lastSep = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  let whole = number;
  let fraction = '';
  if (lastSep >= 0) {
    const after = number.slice(lastSep + 1);
    // "12,50" or "1.234,50": one or two digits after the last separator make it the decimal one; "1,000": thousands.
    if (after.length <= 2) {
      whole = number.slice(0, lastSep);
      fraction = after;
    }
  }
  whole = whole.replace(/[.,]/g, '');
  if (!/^\d{1,6}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_SHORT = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];

/** A weekday (0 = Sunday) from "Monday", "https://schema.org/Monday" or "Mo". */
function dayIndex(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const name = value.replace(/^https?:\/\/schema\.org\//i, '').trim().toLowerCase();
  const full = DAY_NAMES.indexOf(name);
  if (full >= 0) return full;
  const short = DAY_SHORT.indexOf(name.slice(0, 2));
  return short >= 0 && name.length <= 3 ? short : null;
}

/** "11:00", "11:00:00", "9:30" -> "HH:MM"; "24:00" stays as "24:00" for the caller. */
function clock(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

type Interval = { day: number; open: string; close: string };

const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The week in the restaurant's model (one opening per day): several intervals on one day become the earliest
 * opening to the latest closing; closing at midnight becomes 23:59, closing after it (18:00–02:00) is kept: the
 * day runs into the next one. Days not named are closed.
 */
function toWeek(intervals: Interval[], warnings: ParseWarning[]): TOpeningDay[] | null {
  if (intervals.length === 0) return null;
  const byDay = new Map<number, Interval[]>();
  for (const i of intervals) byDay.set(i.day, [...(byDay.get(i.day) ?? []), i]);
  let merged = false;
  const week = DEFAULT_OPENING_HOURS.map(({ day, open, close }) => {
    const slots = byDay.get(day);
    if (!slots) return { day, closed: true, open, close };
    if (slots.length > 1) merged = true;
    const opens = slots.map((s) => s.open).sort()[0]!;
    // Closing times on one clock: midnight is 24:00, a close at or before the open is the next morning's.
    const rank = (s: Interval) => (s.close === '24:00' || s.close === '00:00' ? 24 * 60 : toMin(s.close) + (s.close <= s.open ? 24 * 60 : 0));
    const last = Math.max(...slots.map(rank));
    // Up to midnight: that time (midnight itself is 23:59). Past it: the next morning's time (the day runs into the
    // next), unless that reaches the day's own opening (24 hours or more): then until midnight.
    const morning = toClock(last - 24 * 60);
    const closes = last < 24 * 60 ? toClock(last) : last > 24 * 60 && morning < opens ? morning : '23:59';
    return opens !== closes ? { day, closed: false, open: opens, close: closes } : { day, closed: true, open, close };
  });
  if (merged) warnings.push({ key: 'listing_import.warnings.hours_merged' });
  return week;
}

function specIntervals(specs: unknown): Interval[] {
  const out: Interval[] = [];
  for (const spec of list(specs).filter(isNode)) {
    const open = clock(spec.opens);
    const close = clock(spec.closes);
    if (!open || !close) continue;
    for (const d of list(spec.dayOfWeek)) {
      const day = dayIndex(isNode(d) ? (d['@id'] ?? d.name) : d);
      if (day !== null) out.push({ day, open, close });
    }
  }
  return out;
}

/** The short form: "Mo-Fr 11:00-22:00", "Sa,Su 12:00-14:30 17:00-23:00", "Mo-Su" (all day). */
export function shortFormIntervals(values: unknown): Interval[] {
  const out: Interval[] = [];
  for (const value of list(values)) {
    if (typeof value !== 'string') continue;
    const rule = /((?:[A-Za-z]{2}(?:\s*-\s*[A-Za-z]{2})?\s*,?\s*)+)((?:\s*\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}\s*,?)*)/g;
    for (const m of value.matchAll(rule)) {
      const days: number[] = [];
      for (const part of m[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
        const [from, to] = part.split('-').map((p) => dayIndex(p.trim()));
        if (from === null || from === undefined) continue;
        if (to === null) continue;
        if (to === undefined) days.push(from);
        else for (let d = from, n = 0; n < 7; d = (d + 1) % 7, n++) {
          days.push(d);
          if (d === to) break;
        }
      }
      if (days.length === 0) continue;
      const times = [...m[2]!.matchAll(/(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})/g)];
      const ranges = times.length ? times.map((t) => [clock(t[1]), clock(t[2])] as const) : ([['00:00', '24:00']] as const);
      for (const [open, close] of ranges) if (open && close) for (const day of days) out.push({ day, open, close });
    }
  }
  return out;
}

/** The first value of a property that is a usable string (or a node's url / name). */
function urlOf(value: unknown): string | null {
  for (const v of list(value)) {
    const candidate = typeof v === 'string' ? v : isNode(v) ? (v.url ?? v.contentUrl ?? v['@id']) : null;
    if (typeof candidate === 'string' && /^https?:\/\//i.test(candidate.trim()) && candidate.length <= 2000) return candidate.trim();
  }
  return null;
}

/** A country as text; a two-letter code becomes its name in the visitor's language ("DE" -> "Germany" / "Deutschland"). */
function countryOf(value: unknown, lang: string): string | null {
  const raw = isNode(value) ? (value.name ?? value.identifier) : value;
  const text = cleanText(raw, 100);
  if (!text) return null;
  if (/^[A-Za-z]{2}$/.test(text)) {
    try {
      return new Intl.DisplayNames([lang], { type: 'region' }).of(text.toUpperCase()) ?? text;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Reads the first restaurant of the page and its menu. `maxItems` is the plan's product limit: more dishes are
 * counted (for the note) but not taken along.
 */
export function readListing(nodes: Node[], opts: { maxItems: number; lang?: string }): ParsedListing | null {
  const byId = new Map<string, Node>();
  const index = (node: Node, depth = 0) => {
    if (depth > 8) return;
    if (typeof node['@id'] === 'string' && node['@type']) byId.set(node['@id'], node);
    for (const v of Object.values(node)) for (const child of list(v)) if (isNode(child)) index(child, depth + 1);
  };
  nodes.forEach((n) => index(n));
  /** A reference ({"@id": ...} or the id as a string) replaced by the node it names. */
  const deref = (v: unknown): unknown => {
    if (isNode(v) && typeof v['@id'] === 'string' && !v['@type']) return byId.get(v['@id']) ?? v;
    if (typeof v === 'string' && byId.has(v)) return byId.get(v);
    return v;
  };

  const business = nodes.find((n) => typesOf(n).some((t) => FOOD_TYPES.has(t))) ?? nodes.find(isBusiness);
  const warnings: ParseWarning[] = [];

  // The menu: hasMenu (inline, a reference, or the old `menu`), else Menu nodes in the graph, else loose sections/items.
  const menus: Node[] = [];
  for (const m of [...list(business?.hasMenu), ...list(business?.menu)].map(deref)) if (isNode(m)) menus.push(m);
  if (menus.length === 0) for (const n of byId.values()) if (typesOf(n).includes('Menu')) menus.push(n);
  if (menus.length === 0) for (const n of nodes) if (typesOf(n).includes('Menu')) menus.push(n);

  const sections: TImportedSection[] = [];
  let itemsFound = 0;
  let itemsTaken = 0;
  let sectionsDropped = 0;
  let unpriced = 0;
  let currency: string | null = null;
  const seen = new Set<Node>();

  const readItems = (owner: Node): TImportedSection['items'] => {
    const items: TImportedSection['items'] = [];
    for (const raw of list(owner.hasMenuItem).map(deref)) {
      if (!isNode(raw) || seen.has(raw)) continue;
      seen.add(raw);
      const name = cleanText(raw.name, 120);
      if (!name) continue;
      itemsFound++;
      if (itemsTaken >= opts.maxItems) continue;
      const offers = list(raw.offers).map(deref).filter(isNode);
      let price: number | null = null;
      for (const offer of offers) {
        price ??= parsePriceCents(offer.price ?? (isNode(offer.priceSpecification) ? offer.priceSpecification.price : undefined));
        if (typeof offer.priceCurrency === 'string' && /^[A-Za-z]{3}$/.test(offer.priceCurrency)) currency ??= offer.priceCurrency.toUpperCase();
      }
      price ??= parsePriceCents(raw.price);
      if (price === null) unpriced++;
      items.push({ name, description: cleanText(raw.description, 2000), price_cents: price ?? 0 });
      itemsTaken++;
    }
    return items;
  };

  const readSection = (section: Node, fallbackName: string | null, depth: number) => {
    if (depth > 5 || seen.has(section)) return;
    seen.add(section);
    const name = cleanText(section.name, 80) ?? fallbackName;
    const items = readItems(section);
    if (items.length && name) {
      if (sections.length < IMPORT_MAX_SECTIONS) sections.push({ name, items });
      else sectionsDropped++;
    }
    // Nested sections (Starters > Cold starters) become sections of their own.
    for (const child of list(section.hasMenuSection).map(deref)) if (isNode(child)) readSection(child, name, depth + 1);
  };

  for (const menu of menus) readSection(menu, cleanText(menu.name, 80) ?? 'Menu', 0);
  if (menus.length === 0) {
    for (const n of nodes) if (typesOf(n).includes('MenuSection')) readSection(n, null, 0);
    const loose = nodes.filter((n) => typesOf(n).includes('MenuItem') && !seen.has(n));
    if (loose.length) readSection({ name: 'Menu', hasMenuItem: loose }, 'Menu', 0);
  }

  if (!business && sections.length === 0) return null;

  const address = [...list(business?.address).map(deref), ...list(business?.location).map(deref).flatMap((l) => (isNode(l) ? list(l.address) : []))].find(isNode);
  const intervals = specIntervals(list(business?.openingHoursSpecification).map(deref));
  const openingHours = toWeek(intervals.length ? intervals : shortFormIntervals(business?.openingHours), warnings);

  if (itemsFound > itemsTaken && itemsTaken >= opts.maxItems) warnings.push({ key: 'listing_import.warnings.items_limited', params: { found: itemsFound, limit: opts.maxItems } });
  if (sectionsDropped) warnings.push({ key: 'listing_import.warnings.sections_limited', params: { max: IMPORT_MAX_SECTIONS } });
  if (unpriced) warnings.push({ key: 'listing_import.warnings.unpriced', params: { count: unpriced } });

  const cuisine = list(business?.servesCuisine)
    .map((c) => cleanText(c, 60))
    .filter(Boolean)
    .slice(0, 5)
    .join(', ');
  const email = cleanText(business?.email, 254)?.replace(/^mailto:/i, '') ?? null;
  const telephone = cleanText(business?.telephone, 40)?.replace(/^tel:/i, '') ?? null;
  return {
    name: cleanText(business?.name, 120),
    telephone,
    email,
    address: {
      street: cleanText(address?.streetAddress, 200),
      postalCode: cleanText(address?.postalCode, 20),
      locality: cleanText(address?.addressLocality, 100),
      region: cleanText(address?.addressRegion, 100),
      country: countryOf(address?.addressCountry, opts.lang ?? 'en'),
    },
    url: urlOf(business?.url),
    logo: urlOf(business?.logo) ?? urlOf(business?.image),
    description: cleanText(business?.description, 1000),
    cuisine: cuisine || null,
    openingHours,
    currency,
    sections,
    itemsFound,
    warnings,
  };
}
