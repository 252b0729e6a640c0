import type { Allergen, DietaryFlag } from '@lastman/api';
import { addDays, DAY_MS, fromLondon, londonDay, weekdayIndex } from '@lastman/api/time';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { fixtures, memberships, seasons, teams, user } from '../db/schema/index.ts';
import { findClubBySlug, updateClub } from '../domains/club/queries.ts';
import { createEvent } from '../domains/content/events/manage.ts';
import { chooseScreenMatch } from '../domains/content/events/screen-matches.ts';
import { listGalleryPhotos, uploadPhoto } from '../domains/content/gallery/service.ts';
import { clubOccurrences } from '../domains/content/index.ts';
import { createCategory, createItem, readMenu } from '../domains/content/menu/service.ts';
import type { Viewer } from '../http/guards.ts';
import type { Services } from '../services.ts';
import { DEMO_SEASON_KEY } from './demo-game.ts';

/**
 * What the demo club shows besides its game: its details, a month of dates (a weekly quiz, a monthly
 * live music night, a supper club with places, the Premier League on its screens), a menu with
 * allergens, and a few photos. Run on every start: the dates are made relative to today, so the demo
 * never goes stale; what is there already (the menu, the photos, a date still to come) is kept.
 */

type DemoServices = Pick<Services, 'db' | 'config' | 'clock' | 'storage'>;

export const DEMO_QUIZ = 'Quiz night';
export const DEMO_MUSIC = 'Live music: The Saturday Band';
export const DEMO_DINNER = 'Supper club: three courses';
const COMING_DAYS = 35;
/** The clubs whose matches the demo pub shows (the rest of the round is on at the same time). */
const SCREEN_TEAMS = [
  'Arsenal',
  'Liverpool',
  'Manchester',
  'Chelsea',
  'Tottenham',
  'Newcastle',
  'Aston Villa',
];

export async function refreshDemoContent(services: DemoServices, slug: string): Promise<boolean> {
  const club = await findClubBySlug(services.db, slug);
  if (!club) return false;
  const admin = await demoAdmin(services, club.id);
  if (!admin) return false;
  if (!club.address) {
    await updateClub(services.db, {
      clubId: club.id,
      values: {
        address: '1 Market Square\nAnytown\nAN1 1AA',
        phone: '+441632960123',
        contactEmail: 'bar@red-lion.example',
        openingHours: {
          monday: { open: '12:00', close: '23:00' },
          tuesday: { open: '12:00', close: '23:00' },
          wednesday: { open: '12:00', close: '23:00' },
          thursday: { open: '12:00', close: '23:30' },
          friday: { open: '12:00', close: '00:30' },
          saturday: { open: '11:00', close: '00:30' },
          sunday: { open: '12:00', close: '22:30' },
        },
      },
    });
  }
  await demoEvents(services, admin);
  await demoScreenMatches(services, admin);
  await demoMenu(services, admin);
  await demoPhotos(services, admin);
  return true;
}

async function demoAdmin(services: DemoServices, clubId: string): Promise<Viewer | null> {
  const [row] = await services.db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.clubId, clubId), eq(memberships.role, 'admin')))
    .orderBy(asc(user.email))
    .limit(1);
  return row ? { ...row, clubId, role: 'admin' } : null;
}

/** The next London date on the weekday (0 Monday .. 6 Sunday) at least `after` days from today. */
function nextWeekday(today: string, weekday: number, after = 0): string {
  const from = addDays(today, after);
  return addDays(from, (weekday - weekdayIndex(from) + 7) % 7);
}

async function demoEvents(services: DemoServices, admin: Viewer) {
  const now = services.clock.now();
  const today = londonDay(now);
  const coming = await clubOccurrences(services, {
    clubId: admin.clubId,
    from: now,
    to: new Date(now.getTime() + COMING_DAYS * DAY_MS),
  });
  const has = (title: string) => coming.some((c) => c.occurrence.title === title);
  const at = (date: string, time: string) => fromLondon(date, time).toISOString();
  const base = { ticketUrl: null, recurrence: null, capacity: null, pricePence: 0, teams: false, place: '' };

  if (!has(DEMO_QUIZ)) {
    const thursday = nextWeekday(today, 3);
    await createEvent(services, admin, {
      ...base,
      title: DEMO_QUIZ,
      description:
        'Teams of up to six, eight rounds and a picture round. £1 a head, cash prize for the winners and a jackpot question.',
      startsAt: at(thursday, '20:00'),
      endsAt: at(thursday, '22:30'),
      place: 'The back bar',
      recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH',
      capacity: 15,
      pricePence: 100,
      teams: true,
    });
  }
  if (!has(DEMO_MUSIC)) {
    const saturday = nextWeekday(today, 5, 2);
    await createEvent(services, admin, {
      ...base,
      title: DEMO_MUSIC,
      description: 'Soul, Motown and indie classics from our house band, every other Saturday. Free entry.',
      startsAt: at(saturday, '21:00'),
      endsAt: at(saturday, '23:45'),
      place: 'The function room',
      recurrence: 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
    });
  }
  if (!has(DEMO_DINNER)) {
    // Once a supper club is over (it stays in the past), the next is put on the calendar.
    const friday = nextWeekday(today, 4, 9);
    await createEvent(services, admin, {
      ...base,
      title: DEMO_DINNER,
      description:
        'Three courses from the kitchen: soup, slow-roast pork belly (or the mushroom Wellington) and sticky toffee pudding. Book a place; pay on the night.',
      startsAt: at(friday, '19:00'),
      endsAt: at(friday, '22:00'),
      place: 'The dining room',
      capacity: 32,
      pricePence: 2450,
    });
  }
}

async function demoScreenMatches(services: DemoServices, admin: Viewer) {
  const now = services.clock.now();
  const home = teams;
  const rows = await services.db
    .select({ id: fixtures.id, kickoffAt: fixtures.kickoffAt, home: home.name })
    .from(fixtures)
    .innerJoin(seasons, eq(seasons.id, fixtures.seasonId))
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .where(
      and(
        eq(seasons.key, DEMO_SEASON_KEY),
        gte(fixtures.kickoffAt, now),
        lt(fixtures.kickoffAt, new Date(now.getTime() + COMING_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(fixtures.kickoffAt));
  for (const f of rows.filter((r) => SCREEN_TEAMS.some((t) => r.home.includes(t)))) {
    // A blackout kick-off (Saturday 15:00) cannot be shown: the service refuses it, and it is skipped.
    await chooseScreenMatch(services, admin, { fixtureId: f.id }).catch(() => undefined);
  }
}

interface DemoDish {
  name: string;
  description: string;
  pricePence: number;
  allergens: Allergen[];
  mayContain?: Allergen[];
  dietary?: DietaryFlag[];
  calories?: number;
}

const DEMO_MENU: { category: string; dishes: DemoDish[] }[] = [
  {
    category: 'Starters and small plates',
    dishes: [
      {
        name: 'Soup of the day',
        description: 'With crusty bread and butter.',
        pricePence: 650,
        allergens: ['gluten', 'milk', 'celery'],
        dietary: ['vegetarian'],
        calories: 380,
      },
      {
        name: 'Salt and pepper squid',
        description: 'Lemon mayonnaise.',
        pricePence: 850,
        allergens: ['molluscs', 'gluten', 'eggs'],
        calories: 520,
      },
      {
        name: 'Scotch egg',
        description: 'Local sausage meat, piccalilli.',
        pricePence: 750,
        allergens: ['eggs', 'gluten', 'mustard', 'sulphites'],
        calories: 610,
      },
      {
        name: 'Hummus and flatbread',
        description: 'Toasted seeds, chilli oil.',
        pricePence: 650,
        allergens: ['sesame', 'gluten'],
        dietary: ['vegan'],
        calories: 450,
      },
    ],
  },
  {
    category: 'Mains',
    dishes: [
      {
        name: 'Beer-battered haddock and chips',
        description: 'Mushy peas, tartare sauce.',
        pricePence: 1650,
        allergens: ['fish', 'gluten', 'eggs', 'mustard'],
        calories: 1150,
      },
      {
        name: 'Steak and ale pie',
        description: 'Mash, greens and gravy.',
        pricePence: 1695,
        allergens: ['gluten', 'celery', 'milk', 'sulphites'],
        calories: 1080,
      },
      {
        name: 'Red Lion burger',
        description: 'Cheddar, bacon, pickles, fries.',
        pricePence: 1595,
        allergens: ['gluten', 'milk', 'mustard', 'eggs', 'sesame'],
        calories: 1240,
      },
      {
        name: 'Mushroom Wellington',
        description: 'Roast potatoes, seasonal veg.',
        pricePence: 1550,
        allergens: ['gluten', 'celery'],
        mayContain: ['nuts'],
        dietary: ['vegan'],
        calories: 890,
      },
      {
        name: 'Chicken tikka masala',
        description: 'Basmati rice, naan.',
        pricePence: 1495,
        allergens: ['milk', 'gluten', 'mustard'],
        mayContain: ['nuts'],
        dietary: ['halal'],
        calories: 980,
      },
      {
        name: 'Sunday roast beef',
        description: 'Yorkshire pudding, all the trimmings (Sundays).',
        pricePence: 1850,
        allergens: ['gluten', 'eggs', 'milk', 'celery', 'sulphites'],
        calories: 1100,
      },
    ],
  },
  {
    category: 'Puddings',
    dishes: [
      {
        name: 'Sticky toffee pudding',
        description: 'Vanilla ice cream.',
        pricePence: 750,
        allergens: ['gluten', 'eggs', 'milk'],
        dietary: ['vegetarian'],
        calories: 690,
      },
      {
        name: 'Eton mess',
        description: 'Strawberries, meringue, cream.',
        pricePence: 700,
        allergens: ['eggs', 'milk'],
        dietary: ['vegetarian', 'gluten-free'],
        calories: 520,
      },
      {
        name: 'Lemon sorbet',
        description: 'Three scoops.',
        pricePence: 550,
        allergens: [],
        dietary: ['vegan', 'gluten-free'],
        calories: 210,
      },
    ],
  },
  {
    category: 'Bar snacks',
    dishes: [
      {
        name: 'Pork scratchings',
        description: 'Made in the kitchen.',
        pricePence: 300,
        allergens: [],
        dietary: ['gluten-free'],
        calories: 300,
      },
      {
        name: 'Salted peanuts',
        description: 'A bag.',
        pricePence: 200,
        allergens: ['peanuts'],
        dietary: ['vegan', 'gluten-free'],
        calories: 320,
      },
    ],
  },
];

async function demoMenu(services: DemoServices, admin: Viewer) {
  const menu = await readMenu(services, admin, {});
  if (menu.categories.some((c) => c.items.length > 0)) return;
  for (const { category, dishes } of DEMO_MENU) {
    const { id } = await createCategory(services, admin, { name: category });
    for (const d of dishes) {
      await createItem(services, admin, {
        categoryId: id,
        name: d.name,
        description: d.description,
        pricePence: d.pricePence,
        allergens: d.allergens,
        mayContain: d.mayContain ?? [],
        dietary: d.dietary ?? [],
        calories: d.calories ?? null,
        available: d.name !== 'Sunday roast beef',
      });
    }
  }
}

/** Four pictures drawn here (no photo is shipped): warm lights, the big screen, the stage, a table. */
const DEMO_PHOTOS: { caption: string; svg: string }[] = [
  {
    caption: 'Quiz night in the back bar',
    svg: `<rect width="100%" height="100%" fill="#2b1a12"/><rect y="520" width="1200" height="280" fill="#5d3a1a"/>${[...Array(14)].map((_, i) => `<circle cx="${60 + i * 80}" cy="${90 + (i % 3) * 30}" r="${14 + (i % 4) * 4}" fill="#ffca6b" opacity="0.8"/>`).join('')}<rect x="420" y="260" width="360" height="200" rx="12" fill="#f5f0e6"/><text x="600" y="385" font-size="96" text-anchor="middle" fill="#b71c1c" font-family="sans-serif" font-weight="bold">QUIZ</text>`,
  },
  {
    caption: 'The match on the big screen',
    svg: `<rect width="100%" height="100%" fill="#1a1a2e"/><rect x="200" y="120" width="800" height="460" rx="16" fill="#111"/><rect x="230" y="150" width="740" height="400" fill="#2e7d32"/><line x1="600" y1="150" x2="600" y2="550" stroke="#fff" stroke-width="4"/><circle cx="600" cy="350" r="70" fill="none" stroke="#fff" stroke-width="4"/><rect x="230" y="270" width="80" height="160" fill="none" stroke="#fff" stroke-width="4"/><rect x="890" y="270" width="80" height="160" fill="none" stroke="#fff" stroke-width="4"/><rect y="640" width="1200" height="160" fill="#3e2723"/>`,
  },
  {
    caption: 'The Saturday Band',
    svg: `<rect width="100%" height="100%" fill="#120b1e"/><polygon points="300,0 420,0 600,700 200,700" fill="#7e57c2" opacity="0.35"/><polygon points="780,0 900,0 1000,700 600,700" fill="#ffb300" opacity="0.3"/><rect y="620" width="1200" height="180" fill="#3b2a20"/><circle cx="600" cy="420" r="60" fill="#222"/><rect x="585" y="470" width="30" height="150" fill="#222"/><rect x="300" y="520" width="140" height="100" fill="#333"/><rect x="760" y="520" width="140" height="100" fill="#333"/>`,
  },
  {
    caption: 'Sunday roast',
    svg: `<rect width="100%" height="100%" fill="#6d4c41"/><circle cx="600" cy="400" r="300" fill="#fafafa"/><circle cx="600" cy="400" r="250" fill="#f0ebe3"/><ellipse cx="540" cy="380" rx="120" ry="80" fill="#8d4a2f"/><circle cx="700" cy="330" r="55" fill="#e0a84f"/><circle cx="690" cy="470" r="50" fill="#e0a84f"/><ellipse cx="560" cy="520" rx="70" ry="35" fill="#43a047"/><ellipse cx="480" cy="280" rx="60" ry="40" fill="#d4a017"/>`,
  },
];

async function demoPhotos(services: DemoServices, admin: Viewer) {
  const photos = await listGalleryPhotos(services, admin, { limit: 1 });
  if (photos.length > 0) return;
  for (const p of DEMO_PHOTOS) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">${p.svg}</svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
    await uploadPhoto(services, admin, { bytes, caption: p.caption });
  }
}
