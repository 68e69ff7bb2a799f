import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_RESERVATION_SETTINGS } from '@tavolo/contracts/reservations';
import { addDays, localClock, zonedTimeToUtc } from '@tavolo/contracts/time';
import { hashPassword } from '../lib/passwords.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { createLocalUploadsStore } from '../lib/uploads/local.ts';
import type { UploadsStore } from '../lib/uploads/index.ts';
import { createPlatformTenantsRepo } from '../modules/platform/platform-tenants.repo.ts';
import { createRegistrationRepo } from '../modules/registration/registration.repo.ts';
import { stayMinutes } from '../modules/reservations/availability.ts';
import type { Db } from './client.ts';
import {
  bulletinPosts,
  categories,
  contactRequests,
  diningAreas,
  diningTables,
  newsletterSubscribers,
  orderItems,
  orderStatusHistory,
  orders,
  platformRoles,
  platformUsers,
  products,
  quoteRequests,
  reservationSettings,
  reservationTables,
  reservations,
  stockCheckRequests,
  tenantSettings,
  users,
  menuOptions,
  optionGroups,
  productOptionGroups,
} from './schema/index.ts';
import { cmsPageTranslations, cmsPages } from './schema/content.ts';
import { coupons, deliveryZones, orderingSettings, taxRates } from './schema/ordering.ts';
import { productIllustration } from './seed-images.ts';

export const DEMO_PASSWORD = 'tavolo-demo';
/** The demo is in New York: its opening hours, reservations and order history are on New York's clock. */
export const DEMO_TIME_ZONE = 'America/New_York';
export const DEMO_LOGINS = {
  platform: { email: 'operator@example.com', password: DEMO_PASSWORD },
  admin: { email: 'admin@demo.example.com', password: DEMO_PASSWORD },
  manager: { email: 'manager@demo.example.com', password: DEMO_PASSWORD },
  staff: { email: 'staff@demo.example.com', password: DEMO_PASSWORD },
};

const MENU: { name: string; hue: number; items: [name: string, description: string, priceCents: number, discount: number, rating: number][] }[] = [
  {
    name: 'Starters',
    hue: 95,
    items: [
      ['Bruschetta al Pomodoro', 'Grilled sourdough, vine tomatoes, garlic, basil and olive oil.', 690, 0, 4.6],
      ['Burrata & Peaches', 'Creamy burrata, roasted peaches, pistachio and honey.', 1150, 10, 4.8],
      ['Arancini', 'Crispy saffron risotto balls with mozzarella and tomato dip.', 790, 0, 4.4],
    ],
  },
  {
    name: 'Pizza',
    hue: 12,
    items: [
      ['Margherita', 'San Marzano tomatoes, fior di latte, basil.', 1190, 0, 4.7],
      ['Diavola', 'Spicy salami, chili oil, mozzarella, oregano.', 1390, 0, 4.5],
      ['Quattro Formaggi', 'Mozzarella, gorgonzola, fontina and parmesan.', 1450, 15, 4.3],
      ['Funghi e Tartufo', 'Wild mushrooms, truffle cream, thyme.', 1590, 0, 4.9],
    ],
  },
  {
    name: 'Pasta',
    hue: 42,
    items: [
      ['Spaghetti Carbonara', 'Guanciale, egg yolk, pecorino romano, black pepper.', 1490, 0, 4.8],
      ['Tagliatelle al Ragù', 'Slow-cooked beef and pork ragù, parmesan.', 1550, 0, 4.6],
      ['Penne Arrabbiata', 'Tomato, garlic and chili. Vegan.', 1190, 0, 4.2],
    ],
  },
  {
    name: 'Desserts',
    hue: 330,
    items: [
      ['Tiramisù', 'Mascarpone, espresso-soaked savoiardi, cocoa.', 750, 0, 4.9],
      ['Panna Cotta', 'Vanilla cream with berry compote.', 690, 0, 4.4],
    ],
  },
  {
    name: 'Drinks',
    hue: 200,
    items: [
      ['San Pellegrino', 'Sparkling mineral water, 0.5 l.', 350, 0, 4.1],
      ['Limonata', 'House-made lemonade with mint.', 450, 0, 4.5],
      ['Espresso', 'Double shot, Arabica blend.', 290, 0, 4.7],
    ],
  },
];

/** Allergens and diet tags of the demo dishes (issue #10), so the storefront shows its icons and filters. */
const DIETARY: Record<string, { allergens: string[]; dietTags: string[] }> = {
  'Bruschetta al Pomodoro': { allergens: ['gluten'], dietTags: ['vegan', 'vegetarian'] },
  'Burrata & Peaches': { allergens: ['milk', 'nuts'], dietTags: ['gluten_free', 'vegetarian'] },
  Arancini: { allergens: ['eggs', 'gluten', 'milk'], dietTags: ['vegetarian'] },
  Margherita: { allergens: ['gluten', 'milk'], dietTags: ['vegetarian'] },
  Diavola: { allergens: ['gluten', 'milk'], dietTags: ['spicy'] },
  'Quattro Formaggi': { allergens: ['gluten', 'milk'], dietTags: ['vegetarian'] },
  'Funghi e Tartufo': { allergens: ['gluten', 'milk'], dietTags: ['vegetarian'] },
  'Spaghetti Carbonara': { allergens: ['eggs', 'gluten', 'milk'], dietTags: [] },
  'Tagliatelle al Ragù': { allergens: ['celery', 'eggs', 'gluten', 'milk'], dietTags: [] },
  'Penne Arrabbiata': { allergens: ['gluten'], dietTags: ['spicy', 'vegan', 'vegetarian'] },
  Tiramisù: { allergens: ['eggs', 'gluten', 'milk'], dietTags: ['vegetarian'] },
  'Panna Cotta': { allergens: ['milk'], dietTags: ['gluten_free', 'vegetarian'] },
};

/** The demo's shared option groups, offered by every pizza: [name, min, max, options [name, price change]]. */
const OPTION_GROUPS: [name: string, minSelect: number, maxSelect: number, options: [name: string, priceDeltaCents: number][]][] = [
  [
    'Size',
    1,
    1,
    [
      ['Regular', 0],
      ['Large', 300],
    ],
  ],
  [
    'Extras',
    0,
    3,
    [
      ['Extra mozzarella', 150],
      ['Rocket', 100],
      ['Prosciutto', 250],
      ['Chili oil', 50],
    ],
  ],
];

const slugify = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The demo's dining room: [area, [table, min seats, max seats, joinable][]]. */
const DINING_ROOM: [area: string, tables: [name: string, minSeats: number, maxSeats: number, joinable: boolean][]][] = [
  [
    'Main room',
    [
      ['T1', 1, 2, false],
      ['T2', 1, 2, false],
      ['T3', 2, 4, true],
      ['T4', 2, 4, true],
      ['T5', 3, 6, false],
    ],
  ],
  [
    'Terrace',
    [
      ['P1', 1, 2, false],
      ['P2', 2, 4, true],
      ['P3', 2, 4, true],
    ],
  ],
];

/** Areas, tables and booking rules of the demo: reservations from 12:00 to 23:00 although the kitchen never closes. Returns table ids by name. */
async function seedDiningRoom(tx: Db, tenantId: string): Promise<Map<string, string>> {
  await tx.insert(reservationSettings).values({ tenantId, hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '12:00', close: '23:00' })) });
  const ids = new Map<string, string>();
  for (const [areaIndex, [area, tables]] of DINING_ROOM.entries()) {
    const [row] = await tx.insert(diningAreas).values({ tenantId, name: area, position: areaIndex }).returning({ id: diningAreas.id });
    const inserted = await tx
      .insert(diningTables)
      .values(tables.map(([name, minSeats, maxSeats, joinable], position) => ({ tenantId, areaId: row!.id, name, minSeats, maxSeats, joinable, position })))
      .returning({ id: diningTables.id, name: diningTables.name });
    for (const table of inserted) ids.set(table.name, table.id);
  }
  return ids;
}

/** A few guest reservations (each at the table the capacity model would pick) and requests, so the demo's pages are not empty on first start. */
async function seedGuestRequests(tx: Db, tenantId: string, tableIds: Map<string, string>) {
  // Dates on the restaurant's calendar ("tomorrow" in New York, not in UTC).
  const inDays = (days: number) => addDays(localClock(DEMO_TIME_ZONE).date, days);
  const booked = [
    { tables: ['T3'], row: { fullName: 'Giulia Rossi', phoneNumber: '+1 555 014 1001', email: 'giulia@example.com', date: inDays(2), time: '19:30', guests: 4, message: 'A table by the window, if possible.' } },
    { tables: ['T1'], row: { fullName: 'Jonas Becker', phoneNumber: '+49 30 5550 1002', email: 'jonas@example.com', date: inDays(5), time: '20:00', guests: 2, message: 'Wir feiern unseren Jahrestag.', language: 'de' } },
    { tables: ['T5'], row: { fullName: 'Priya Shah', phoneNumber: '+1 555 014 1003', email: 'priya@example.com', date: inDays(1), time: '12:30', guests: 6, message: 'One high chair, please.', status: 'confirmed' } },
    { tables: ['T3', 'T4'], row: { fullName: 'Marco Bianchi', phoneNumber: '+1 555 014 1006', email: 'marco@example.com', date: inDays(1), time: '19:00', guests: 8, message: 'Birthday dinner.', status: 'confirmed' } },
    { tables: ['P2'], row: { fullName: 'Walk-in Weber', phoneNumber: '+49 30 5550 1007', email: '', date: inDays(1), time: '13:00', guests: 3, message: '', status: 'confirmed', source: 'staff' } },
  ];
  for (const { tables, row } of booked) {
    const [reservation] = await tx
      .insert(reservations)
      .values({ tenantId, ...row, durationMinutes: stayMinutes(DEFAULT_RESERVATION_SETTINGS.stay_rules, row.guests) })
      .returning({ id: reservations.id });
    await tx.insert(reservationTables).values(tables.map((name) => ({ tenantId, reservationId: reservation!.id, tableId: tableIds.get(name)! })));
  }
  await tx.insert(contactRequests).values({
    tenantId,
    name: 'Tom Miller',
    email: 'tom@example.com',
    subject: 'Gluten-free pizza?',
    message: 'Hi! Do you offer a gluten-free pizza base? My daughter has coeliac disease.',
  });
  const [pannaCotta] = await tx.select({ id: products.id }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.name, 'Panna Cotta')));
  if (pannaCotta) {
    await tx
      .insert(stockCheckRequests)
      .values({ tenantId, fullName: 'Lena Vogel', phoneNumber: '+1 555 014 1004', email: 'lena@example.com', productId: pannaCotta.id, productName: 'Panna Cotta', quantity: 12, availableAtRequest: 0 });
  }
  await tx.insert(quoteRequests).values({
    tenantId,
    name: 'Harbour Tech Inc.',
    email: 'events@example.com',
    phone: '+1 555 014 1005',
    eventDate: inDays(30),
    guests: 40,
    budgetCents: 200_000,
    message: 'Summer team dinner with a pizza buffet and drinks.',
  });
  // Newsletter sign-ups; their links are never mailed, so the tokens are thrown away.
  const subscriber = (email: string, status: 'confirmed' | 'pending', language = 'en') => ({
    tenantId,
    email,
    status,
    language,
    unsubscribeTokenHash: hashToken(newToken()),
    confirmTokenHash: status === 'pending' ? hashToken(newToken()) : null,
    confirmedAt: status === 'confirmed' ? new Date() : null,
  });
  await tx.insert(newsletterSubscribers).values([subscriber('anna@example.com', 'confirmed'), subscriber('ben@example.com', 'confirmed', 'de'), subscriber('carla@example.com', 'pending')]);
}

/**
 * Team bulletin posts and a few weeks of past orders (from regular guests), so the dashboard home's chart, best
 * sellers and the customers page are not empty on first start. Only for a new demo, whose order numbers start here.
 */
async function seedInsights(tx: Db, tenantId: string) {
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.email, DEMO_LOGINS.admin.email)));
  // The restaurant's wall clock, so the evening orders fall on the evening of the day the dashboard shows them.
  const daysAgo = (days: number, hour: number) => zonedTimeToUtc(addDays(localClock(DEMO_TIME_ZONE).date, -days), `${String(hour).padStart(2, '0')}:00`, DEMO_TIME_ZONE);
  await tx.insert(bulletinPosts).values([
    { tenantId, title: 'Welcome to the team bulletin', body: 'Shift changes, menu news and reminders go here.\nPinned posts stay on top of the home page.', pinned: true, authorId: admin?.id, authorName: admin?.name ?? 'Alex Admin', createdAt: daysAgo(6, 9) },
    { tenantId, title: 'New dessert on Friday', body: 'Pastry chef Luca adds a pistachio cannoli to the menu.\nPlease taste it before service.', authorId: admin?.id, authorName: admin?.name ?? 'Alex Admin', createdAt: daysAgo(2, 15) },
    { tenantId, title: 'Deep clean on Monday', body: 'The kitchen closes at 21:00 on Monday for the monthly deep clean.', authorId: admin?.id, authorName: admin?.name ?? 'Alex Admin', createdAt: daysAgo(1, 11) },
  ]);

  const menu = await tx.select({ id: products.id, name: products.name, priceCents: products.priceCents }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.trackStock, false)));
  const dish = (name: string) => menu.find((p) => p.name === name)!;
  const guests = [
    ['Giulia Rossi', 'giulia@example.com', '+1 555 014 1001', true],
    ['Jonas Becker', 'jonas@example.com', '+49 30 5550 1002', false],
    ['Emma Clarke', 'emma@example.com', '+1 555 014 1006', true],
    ['Noah Fischer', 'noah@example.com', '+49 30 5550 1007', false],
  ] as const;
  // [days ago, hour (the restaurant's time), guest, status, dishes]; today's order is an hour old
  const history: [number, number, number, string, [string, number][]][] = [
    [20, 18, 0, 'completed', [['Margherita', 2], ['Tiramisù', 2]]],
    [17, 19, 1, 'completed', [['Spaghetti Carbonara', 1], ['San Pellegrino', 2]]],
    [14, 12, 2, 'completed', [['Diavola', 1], ['Bruschetta al Pomodoro', 1]]],
    [12, 20, 0, 'completed', [['Funghi e Tartufo', 2], ['Burrata & Peaches', 1]]],
    [10, 18, 3, 'cancelled', [['Quattro Formaggi', 3]]],
    [8, 19, 1, 'completed', [['Tagliatelle al Ragù', 2], ['Tiramisù', 1]]],
    [6, 13, 2, 'completed', [['Margherita', 1], ['Arancini', 2]]],
    [4, 18, 0, 'completed', [['Diavola', 2], ['San Pellegrino', 2]]],
    [3, 20, 3, 'rejected', [['Penne Arrabbiata', 1]]],
    [2, 19, 1, 'completed', [['Margherita', 3], ['Tiramisù', 3]]],
    [1, 12, 2, 'completed', [['Spaghetti Carbonara', 2]]],
    // Completed (not pending): a waiting demo order would set off the escalation alerts.
    [0, 0, 0, 'completed', [['Funghi e Tartufo', 1], ['San Pellegrino', 1]]],
  ];
  for (const [index, [days, hour, guestIndex, status, lines]] of history.entries()) {
    const [name, email, phone, marketing] = guests[guestIndex]!;
    const priced = lines.map(([dishName, quantity]) => ({ ...dish(dishName), quantity }));
    const total = priced.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
    const at = days === 0 ? new Date(Date.now() - 60 * 60_000) : daysAgo(days, hour);
    const [order] = await tx
      .insert(orders)
      .values({
        tenantId,
        number: 1001 + index,
        trackingTokenHash: hashToken(newToken()),
        status,
        type: 'pickup',
        customerName: name,
        customerPhone: phone,
        customerEmail: email,
        paymentMethod: 'cash',
        currencySymbol: '$',
        subtotalCents: total,
        totalCents: total,
        marketingConsent: marketing,
        createdAt: at,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      priced.map((l) => ({ tenantId, orderId: order!.id, productId: l.id, name: l.name, unitPriceCents: l.priceCents, finalUnitPriceCents: l.priceCents, quantity: l.quantity, lineTotalCents: l.priceCents * l.quantity })),
    );
    await tx.insert(orderStatusHistory).values({ tenantId, orderId: order!.id, status, createdAt: at });
  }
  await tx.update(tenantSettings).set({ lastOrderNumber: 1000 + history.length }).where(eq(tenantSettings.tenantId, tenantId));
}

/**
 * Three more restaurants, so the operators' lists show each status on first start: one waiting for approval, one
 * suspended with a reason, one on a Premium trial. Each has an owner (demo password) and its status history.
 */
export const OTHER_RESTAURANTS = [
  { slug: 'sushi-hana', name: 'Sushi Hana', status: 'pending', owner: 'Hana Sato', city: 'Seattle', state: 'WA', timeZone: 'America/Los_Angeles', reason: null, trialDays: null },
  { slug: 'burger-barn', name: 'Burger Barn', status: 'suspended', owner: 'Bob Barnes', city: 'Austin', state: 'TX', timeZone: 'America/Chicago', reason: 'Unpaid invoices since March', trialDays: null },
  { slug: 'cafe-lumen', name: 'Café Lumen', status: 'trial', owner: 'Lena Licht', city: 'Portland', state: 'OR', timeZone: 'America/Los_Angeles', reason: null, trialDays: 14 },
] as const;

async function seedOtherRestaurants(tx: Db, passwordHash: string) {
  const registration = createRegistrationRepo(tx);
  const platform = createPlatformTenantsRepo(tx);
  for (const r of OTHER_RESTAURANTS) {
    // Signed up (pending), then an operator's decision, as the history would show it.
    const { tenantId } = await registration.createTenant(
      tx,
      {
        slug: r.slug,
        name: r.name,
        status: 'pending',
        email: `hello@${r.slug}.example.com`,
        phone: '+1 555 010 4000',
        address: '1 Market Street',
        postalCode: '10002',
        city: r.city,
        state: r.state,
        country: 'United States',
      },
      { name: r.owner, email: `owner@${r.slug}.example.com`, passwordHash },
      { timeZone: r.timeZone },
    );
    if (r.status === 'pending') continue;
    const at = new Date();
    const fields = { suspendedReason: r.reason, trialEndsAt: r.trialDays ? new Date(at.getTime() + r.trialDays * 86_400_000) : null };
    await platform.setStatus(tx, { id: tenantId, from: 'pending', to: r.status, at, actorId: null, reason: r.reason, fields });
  }
}

/** Names the advisory lock the seeding transaction holds (any fixed number, distinct from the migrations'). */
const SEED_LOCK_KEY = 4_257_120_013;

/** Seeds the platform operator and the demo restaurant when the database has neither. Idempotent. */
export async function seedDemo(db: Db, dataDir: string, uploads: UploadsStore = createLocalUploadsStore(path.join(dataDir, 'uploads'))): Promise<boolean> {
  const [existing] = await db.select({ id: platformUsers.id }).from(platformUsers).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    // Processes starting at once on an empty database all got here: one seeds, the others wait for the lock
    // and then find its operator.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    const [seeded] = await tx.select({ id: platformUsers.id }).from(platformUsers).limit(1);
    if (seeded) return false;
    const [superUser] = await tx.select({ id: platformRoles.id }).from(platformRoles).where(eq(platformRoles.name, 'super_user'));
    await tx.insert(platformUsers).values({ name: 'Platform Operator', email: DEMO_LOGINS.platform.email, passwordHash, roleId: superUser!.id });
    const { tenantId, roles } = await createRegistrationRepo(tx).createTenant(
      tx,
      {
        slug: 'demo',
        name: 'Trattoria Demo',
        status: 'active',
        // Premium, so the demo shows everything (custom roles, a custom domain); new sign-ups start on Free.
        planId: 'premium',
        email: 'hello@demo.example.com',
        phone: '+1 555 010 2030',
        address: '12 Harbour Street',
        postalCode: '10001',
        city: 'New York',
        state: 'NY',
        country: 'United States',
      },
      { name: 'Alex Admin', email: DEMO_LOGINS.admin.email, passwordHash },
      { timeZone: DEMO_TIME_ZONE },
    );
    const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
    await tx.insert(users).values([
      { tenantId, roleId: roleId('manager'), name: 'Maria Manager', email: DEMO_LOGINS.manager.email, passwordHash },
      { tenantId, roleId: roleId('staff'), name: 'Sam Staff', email: DEMO_LOGINS.staff.email, passwordHash },
    ]);
    await tx
      .update(tenantSettings)
      .set({
        description: 'Wood-fired pizza, fresh pasta and Italian classics since 1998.',
        discountPercent: 10,
        instagramLink: 'https://instagram.com/',
        facebookLink: 'https://facebook.com/',
        // The demo kitchen never closes, so ordering can be tried at any hour; delivery is on to show both types.
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, closed: false, open: '00:00', close: '23:59' })),
        pickupStartEndTime: '24/7',
        deliveryEnabled: true,
        deliveryFeeCents: 250,
        deliveryMinOrderCents: 1500,
      })
      .where(eq(tenantSettings.tenantId, tenantId));

    // A published About page in both languages; privacy and terms show the default texts.
    const [about] = await tx.insert(cmsPages).values({ tenantId, slug: 'about', isPublished: true }).returning({ id: cmsPages.id });
    await tx.insert(cmsPageTranslations).values([
      {
        tenantId,
        pageId: about!.id,
        language: 'en',
        title: 'Our story',
        bodyHtml:
          '<p>Trattoria Demo opened in <strong>1998</strong> as a small family kitchen by the harbour. Our dough rests for 48 hours and our pizzas bake in a wood-fired oven.</p><h2>What we believe in</h2><ul><li>Seasonal produce from local farms</li><li>Fresh pasta made every morning</li><li>Recipes from our grandmother in Naples</li></ul><p>We look forward to your visit!</p>',
      },
      {
        tenantId,
        pageId: about!.id,
        language: 'de',
        title: 'Unsere Geschichte',
        bodyHtml:
          '<p>Die Trattoria Demo wurde <strong>1998</strong> als kleine Familienküche am Hafen eröffnet. Unser Teig ruht 48 Stunden, und unsere Pizzen backen im Holzofen.</p><h2>Woran wir glauben</h2><ul><li>Saisonale Zutaten von Höfen aus der Region</li><li>Frische Pasta, jeden Morgen hausgemacht</li><li>Rezepte unserer Großmutter aus Neapel</li></ul><p>Wir freuen uns auf Ihren Besuch!</p>',
      },
    ]);

    const groupIds: string[] = [];
    for (const [groupIndex, [name, minSelect, maxSelect, options]] of OPTION_GROUPS.entries()) {
      const [group] = await tx.insert(optionGroups).values({ tenantId, name, minSelect, maxSelect, sortOrder: groupIndex }).returning({ id: optionGroups.id });
      await tx.insert(menuOptions).values(options.map(([option, priceDeltaCents], sortOrder) => ({ tenantId, groupId: group!.id, name: option, priceDeltaCents, sortOrder })));
      groupIds.push(group!.id);
    }
    for (const [categoryIndex, category] of MENU.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ tenantId, name: category.name, sortOrder: categoryIndex })
        .returning({ id: categories.id });
      for (const [itemIndex, [name, description, priceCents, discount, rating]] of category.items.entries()) {
        const file = `${slugify(name)}.svg`;
        await uploads.put(`demo/${file}`, Buffer.from(productIllustration(name, (category.hue + itemIndex * 14) % 360)), 'image/svg+xml');
        const [product] = await tx
          .insert(products)
          .values({
            tenantId,
            categoryId: row!.id,
            name,
            description,
            priceCents,
            discountPercent: discount,
            rating,
            sortOrder: itemIndex,
            image: `/uploads/demo/${file}`,
            trackStock: name === 'Panna Cotta',
            stockQuantity: 0,
            allergens: DIETARY[name]?.allergens ?? [],
            dietTags: DIETARY[name]?.dietTags ?? [],
          })
          .returning({ id: products.id });
        if (category.name === 'Pizza') {
          await tx.insert(productOptionGroups).values(groupIds.map((groupId, sortOrder) => ({ tenantId, productId: product!.id, groupId, sortOrder })));
        }
      }
    }
    // Taxes as in New York (issue #10): sales tax of 8.875 % added on top of the menu prices (pricesIncludeTax below).
    // A German restaurant would add "MwSt. 7 %" as the default and "MwSt. 19 %" on drinks, with prices including tax.
    await tx.insert(taxRates).values({ tenantId, name: 'Sales tax', rateMillipercent: 8875, isDefault: true, sortOrder: 0 });
    // Two coupons to try at checkout.
    await tx.insert(coupons).values([
      { tenantId, code: 'WELCOME10', kind: 'percent', value: 10, minOrderCents: 1500 },
      { tenantId, code: 'FIVEOFF', kind: 'fixed', value: 500, minOrderCents: 2500, maxUsesPerCustomer: 1 },
    ]);
    // Ordering rules (issue #10): for-later orders up to 3 days ahead in 15-minute slots (no limit per slot, so guests
    // trying the demo together are never turned away; the Ordering rules page sets one), tips,
    // the restaurant's location, and two delivery zones tried in order (exact codes first, then the prefixes).
    await tx.insert(orderingSettings).values({ tenantId, pricesIncludeTax: false, slotIntervalMinutes: 15, daysAhead: 3, tipsEnabled: true, tipPresets: [5, 10, 15], latitude: 40.7506, longitude: -73.9972 });
    await tx.insert(deliveryZones).values([
      { tenantId, name: 'Centre', kind: 'postal_codes', postalCodes: ['10001', '10011', '10018', '10036'], feeCents: 250, minOrderCents: 1500, sortOrder: 0 },
      { tenantId, name: 'Outskirts', kind: 'postal_codes', postalCodes: ['100*', '101*', '102*'], feeCents: 450, minOrderCents: 2500, sortOrder: 1 },
    ]);
    await seedGuestRequests(tx as unknown as Db, tenantId, await seedDiningRoom(tx as unknown as Db, tenantId));
    await seedInsights(tx as unknown as Db, tenantId);
    await seedOtherRestaurants(tx as unknown as Db, passwordHash);
    return true;
  });
}
