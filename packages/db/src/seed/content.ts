// Long file: the demo post's content (events, news, resources, members, communications), mostly data, read top to bottom.
import type { Insertable } from 'kysely';
import type {
  CommanderMessagesTable,
  CommunityEngagementsTable,
  MemberCommunicationsTable,
  MemberResourcesTable,
  MembersTable,
  NewsTable,
  ResourcesTable,
} from '../database.ts';
import { dayNumber, dayNumberIn, fromDayNumber, instantOn } from './day-numbers.ts';
import type { EventType } from '@post/contracts/enums/event-type';
import type { MembershipType } from '@post/contracts/enums/membership-type';
import type { RenewalCalendar } from '@post/contracts/rules/dues';
import { dateOf, demoPaidThrough, everlasting, HONOR_ROLL_PLANS, type DemoDues } from './membership.ts';

/** Where "now" is on the post's calendar; every demo date is placed relative to it. */
export interface SeedClock {
  now: Date;
  timeZone: string;
  /** Today's local date as a day number. */
  today: number;
  /** The instant of a local time on the day `dayOffset` days from today. */
  at(dayOffset: number, hour: number, minute?: number): Date;
}

/** Builds the clock of a seed run. */
export function makeClock(now: Date, timeZone: string): SeedClock {
  const today = dayNumberIn(now, timeZone);
  return {
    now,
    timeZone,
    today,
    at(dayOffset, hour, minute = 0) {
      return instantOn(today + dayOffset, hour, minute, timeZone);
    },
  };
}

// ---------------------------------------------------------------------------------------
// Events and volunteers
// ---------------------------------------------------------------------------------------

const POST_HOME = 'Post Home, 100 Main Street';
const CANTEEN = 'Post Home Canteen, 100 Main Street';
const PAVILION = 'Hometown Park Pavilion';
const COMMUNITY_CENTER = 'Hometown Community Center, 25 School Street';
const MEMORIAL = 'Hometown Veterans Memorial, Town Green';

/** Someone who signs up to help; a few are members, most are neighbours. */
interface Helper {
  name: string;
  email: string;
  phone: string | null;
}

const HELPERS: Helper[] = [
  { name: 'Linda Park', email: 'linda.park@example.com', phone: '(555) 555-0131' },
  { name: 'David Okafor', email: 'david.okafor@example.org', phone: null },
  { name: 'Angela Brooks', email: 'angela.brooks@example.com', phone: '(555) 555-0133' },
  { name: 'Raymond Castillo', email: 'ray.castillo@example.com', phone: '(555) 555-0134' },
  { name: 'Patricia Nguyen', email: 'patricia.nguyen@example.org', phone: null },
  { name: 'Daniel Foster', email: 'dan.foster@example.com', phone: '(555) 555-0136' },
  { name: 'Carol Jensen', email: 'carol.jensen@example.org', phone: '(555) 555-0137' },
  { name: 'Emily Carter', email: 'emily.carter@example.com', phone: null },
  { name: 'Jacob Morales', email: 'jacob.morales@example.org', phone: '(555) 555-0139' },
  { name: 'Grace Thompson', email: 'grace.thompson@example.com', phone: '(555) 555-0140' },
  { name: 'Luis Herrera', email: 'luis.herrera@example.org', phone: null },
  { name: 'Hannah Walsh', email: 'hannah.walsh@example.com', phone: '(555) 555-0142' },
  { name: 'Owen Mitchell', email: 'owen.mitchell@example.org', phone: null },
  { name: 'Rachel Kim', email: 'rachel.kim@example.com', phone: '(555) 555-0144' },
  { name: 'Samuel Greene', email: 'sam.greene@example.org', phone: null },
  { name: 'Megan Price', email: 'megan.price@example.com', phone: '(555) 555-0146' },
  { name: 'Tyler Anderson', email: 'tyler.anderson@example.org', phone: null },
  { name: 'Denise Harper', email: 'denise.harper@example.com', phone: '(555) 555-0148' },
];

/** A demo event placed by week (relative to the current week, Sunday first) and weekday. */
interface EventPlan {
  title: string;
  description: string;
  location: string;
  type: EventType;
  week: number;
  /** 0 = Sunday. */
  weekday: number;
  hour: number;
  minute: number;
  minutes: number;
  positions: number;
  /** Index into HELPERS and the role taken. */
  volunteers: [number, string | null][];
}

const EVENT_PLANS: EventPlan[] = [
  {
    title: 'Highway Clean-Up',
    description: 'Our quarterly pick-up along the post’s adopted mile of Route 9. Gloves, vests and bags are provided; wear sturdy shoes.',
    location: 'Route 9 Adopt-a-Highway mile (meet at the Post Home, 100 Main Street)',
    type: 'community',
    week: -2,
    weekday: 6,
    hour: 8,
    minute: 0,
    minutes: 180,
    positions: 10,
    volunteers: [
      [5, 'Trash pickup'],
      [8, 'Trash pickup'],
      [12, null],
      [16, 'Trash pickup'],
      [2, 'Driver'],
      [13, null],
    ],
  },
  {
    title: 'Bingo Night',
    description: 'Doors open at 6:00 PM and the first game starts at 6:30. Proceeds support the post’s Veteran Relief Fund.',
    location: CANTEEN,
    type: 'fundraiser',
    week: -2,
    weekday: 5,
    hour: 18,
    minute: 30,
    minutes: 180,
    positions: 4,
    volunteers: [
      [6, 'Bingo caller'],
      [17, 'Cashier'],
      [9, 'Kitchen'],
    ],
  },
  {
    title: 'Monthly Post Meeting',
    description: 'Regular business meeting for all members: officer reports, committee updates and upcoming events. New members are welcome.',
    location: POST_HOME,
    type: 'regular',
    week: -2,
    weekday: 4,
    hour: 19,
    minute: 0,
    minutes: 120,
    positions: 0,
    volunteers: [],
  },
  {
    title: 'Flag Retirement Ceremony',
    description:
      'A dignified ceremony to retire worn and tattered U.S. flags collected from the community. The public is invited; flags may be dropped off at the Post Home beforehand.',
    location: PAVILION,
    type: 'special',
    week: -1,
    weekday: 0,
    hour: 14,
    minute: 0,
    minutes: 90,
    positions: 10,
    volunteers: [
      [3, 'Flag handling'],
      [10, 'Flag handling'],
      [0, 'Setup crew'],
      [11, 'Greeter'],
      [1, null],
    ],
  },
  {
    title: 'Fish Fry Fundraiser',
    description: 'Fried haddock, fries, coleslaw and homemade desserts, eat in or take out. Adults $15, children under 12 $7.',
    location: CANTEEN,
    type: 'fundraiser',
    week: -1,
    weekday: 5,
    hour: 17,
    minute: 0,
    minutes: 180,
    positions: 10,
    volunteers: [
      [0, 'Cashier'],
      [6, 'Kitchen'],
      [9, 'Kitchen'],
      [17, 'Serving'],
      [7, 'Serving'],
      [14, 'Cleanup'],
      [15, 'Setup crew'],
    ],
  },
  {
    title: 'Color Guard Practice',
    description: 'Drill and ceremony practice for upcoming parades and funeral honors. Uniforms not required.',
    location: 'Post Home parking lot, 100 Main Street',
    type: 'regular',
    week: -1,
    weekday: 6,
    hour: 9,
    minute: 0,
    minutes: 120,
    positions: 6,
    volunteers: [],
  },
  {
    title: 'New Member Welcome Night',
    description: 'Meet the officers, tour the Post Home and learn how to get involved. Bring a veteran friend who is thinking about joining.',
    location: POST_HOME,
    type: 'special',
    week: 0,
    weekday: 4,
    hour: 18,
    minute: 30,
    minutes: 120,
    positions: 10,
    volunteers: [
      [2, 'Greeter'],
      [4, 'Refreshments'],
    ],
  },
  {
    title: 'Food Pantry Drive',
    description: 'Collecting non-perishable food and toiletries for the Hometown Food Pantry. Volunteers sort donations and load the pantry van.',
    location: COMMUNITY_CENTER,
    type: 'community',
    week: 0,
    weekday: 6,
    hour: 10,
    minute: 0,
    minutes: 240,
    positions: 10,
    volunteers: [
      [4, 'Sorting'],
      [5, 'Loading'],
      [13, 'Sorting'],
      [11, null],
    ],
  },
  {
    title: 'VA Benefits Information Session',
    description:
      'Our Service Officer explains disability compensation, pension, health care enrollment and survivor benefits, then answers questions one on one. Bring your DD-214 if you have it.',
    location: POST_HOME,
    type: 'special',
    week: 1,
    weekday: 4,
    hour: 18,
    minute: 0,
    minutes: 120,
    positions: 5,
    volunteers: [
      [4, 'Sign-in table'],
      [1, 'Greeter'],
      [14, null],
    ],
  },
  {
    title: 'Fish Fry Fundraiser',
    description: 'Fried haddock, fries, coleslaw and homemade desserts, eat in or take out. Proceeds go to the scholarship fund.',
    location: CANTEEN,
    type: 'fundraiser',
    week: 1,
    weekday: 5,
    hour: 17,
    minute: 0,
    minutes: 180,
    positions: 10,
    volunteers: [
      [0, 'Cashier'],
      [6, 'Kitchen'],
      [9, 'Kitchen'],
      [17, 'Serving'],
      [7, 'Serving'],
      [14, 'Cleanup'],
      [15, 'Setup crew'],
      [8, 'Kitchen'],
      [12, 'Serving'],
    ],
  },
  {
    title: 'Color Guard Practice',
    description: 'Drill and ceremony practice for upcoming parades and funeral honors. Uniforms not required.',
    location: 'Post Home parking lot, 100 Main Street',
    type: 'regular',
    week: 1,
    weekday: 6,
    hour: 9,
    minute: 0,
    minutes: 120,
    positions: 6,
    volunteers: [],
  },
  {
    title: 'Monthly Post Meeting',
    description: 'Regular business meeting for all members: officer reports, committee updates and the vote on next year’s budget.',
    location: POST_HOME,
    type: 'regular',
    week: 2,
    weekday: 4,
    hour: 19,
    minute: 0,
    minutes: 120,
    positions: 4,
    volunteers: [[17, 'Refreshments']],
  },
  {
    title: 'Visit to the County Veterans Home',
    description: 'An afternoon of cards, coffee and conversation with the residents. Car-pool leaves the Post Home at 12:30 PM.',
    location: 'County Veterans Home, 400 Hillside Road',
    type: 'community',
    week: 2,
    weekday: 0,
    hour: 13,
    minute: 0,
    minutes: 120,
    positions: 6,
    volunteers: [
      [13, 'Driver'],
      [11, null],
    ],
  },
  {
    title: 'Poppy Drive',
    description: 'Members and friends hand out remembrance poppies in exchange for donations to the Veteran Relief Fund. Two-hour shifts.',
    location: 'Main Street Market, 310 Main Street',
    type: 'fundraiser',
    week: 2,
    weekday: 6,
    hour: 9,
    minute: 0,
    minutes: 240,
    positions: 10,
    volunteers: [
      [16, 'Morning shift'],
      [10, 'Morning shift'],
      [3, 'Afternoon shift'],
      [12, 'Afternoon shift'],
    ],
  },
  {
    title: 'Pancake Breakfast',
    description: 'All-you-can-eat pancakes, sausage and coffee. Adults $10, children $5, veterans in uniform eat free.',
    location: CANTEEN,
    type: 'fundraiser',
    week: 3,
    weekday: 0,
    hour: 8,
    minute: 0,
    minutes: 180,
    positions: 10,
    volunteers: [
      [9, 'Kitchen'],
      [7, 'Serving'],
    ],
  },
  {
    title: 'Buddy Check Training',
    description:
      'A one-hour workshop on checking in with fellow veterans and recognizing the warning signs of a crisis, followed by questions. Open to members and families.',
    location: POST_HOME,
    type: 'special',
    week: 3,
    weekday: 2,
    hour: 18,
    minute: 30,
    minutes: 90,
    positions: 10,
    volunteers: [],
  },
];

/** A holiday observance, added only when its date falls within the seeded weeks. */
interface HolidayPlan {
  date: (year: number) => number;
  title: string;
  description: string;
  location: string;
  type: EventPlan['type'];
  hour: number;
  minutes: number;
}

function lastWeekdayOf(year: number, month: number, weekday: number): number {
  const last = dayNumber(year, month + 1, 0);
  return last - ((fromDayNumber(last).weekday - weekday + 7) % 7);
}

const HOLIDAYS: HolidayPlan[] = [
  {
    date: (y) => lastWeekdayOf(y, 5, 1),
    title: 'Memorial Day Ceremony',
    description: 'A wreath-laying and roll call of Hometown’s fallen, with the post Color Guard and Taps. All are welcome.',
    location: MEMORIAL,
    type: 'special',
    hour: 10,
    minutes: 90,
  },
  {
    date: (y) => dayNumber(y, 7, 4),
    title: 'Independence Day Parade',
    description: 'Members march with the Color Guard down Main Street. Line-up begins at 9:00 AM behind the Post Home.',
    location: 'Main Street, from the Post Home to the Town Green',
    type: 'community',
    hour: 10,
    minutes: 120,
  },
  {
    date: (y) => dayNumber(y, 11, 11),
    title: 'Veterans Day Ceremony',
    description:
      'Hometown honors all who served, at the eleventh hour of the eleventh day. Remarks, wreath-laying and a reception at the Post Home afterwards.',
    location: MEMORIAL,
    type: 'special',
    hour: 11,
    minutes: 60,
  },
];

// Holidays are added only well inside the weeks the regular events cover.
const HOLIDAY_WINDOW = { from: -14, to: 21 } as const;

/** A demo event with its volunteers. */
export interface EventSeed {
  title: string;
  description: string;
  location: string;
  type: string;
  startDate: Date;
  endDate: Date;
  volunteerPositions: number;
  volunteers: { name: string; email: string; phone: string | null; role: string | null }[];
}

/** The demo events around today, each at its local time in the post's time zone. */
export function buildEvents(clock: SeedClock): EventSeed[] {
  const sunday = clock.today - fromDayNumber(clock.today).weekday;
  const year = fromDayNumber(clock.today).year;
  const holidays = HOLIDAYS.map((h) => ({ ...h, day: h.date(year) })).filter(
    (h) => h.day - clock.today >= HOLIDAY_WINDOW.from && h.day - clock.today <= HOLIDAY_WINDOW.to,
  );
  // A holiday takes over its day: the post would move its fish fry rather than hold it during the parade.
  const plans = [
    ...EVENT_PLANS.map((p) => {
      const day = sunday + p.week * 7 + p.weekday;
      return { ...p, day: holidays.some((h) => h.day === day) ? day + 1 : day };
    }),
    ...holidays.map((h) => ({
      ...h,
      minute: 0,
      positions: 10,
      volunteers: [[15, 'Program handout']] as [number, string | null][],
    })),
  ];
  return plans
    .map((p) => {
      const startDate = clock.at(p.day - clock.today, p.hour, p.minute);
      return {
        title: p.title,
        description: p.description,
        location: p.location,
        type: p.type,
        startDate,
        endDate: new Date(startDate.getTime() + p.minutes * 60_000),
        volunteerPositions: p.positions,
        volunteers: p.volunteers.map(([i, role]) => ({ ...HELPERS[i], role })),
      };
    })
    .sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
}

// ---------------------------------------------------------------------------------------
// News, public resources, commander messages, community engagements
// ---------------------------------------------------------------------------------------

/** Four news items over the last six weeks, the newest featured. */
export function buildNews(clock: SeedClock): Insertable<NewsTable>[] {
  return [
    {
      title: 'Fundraisers Bring Veteran Relief Fund to a Record High',
      content: [
        'Thanks to packed fish fries, a lively bingo season and the generosity of Hometown businesses, the post’s Veteran Relief Fund has reached its highest balance in more than a decade.',
        'The fund helps local veterans and their families with emergency expenses: a furnace repair in January, a rent payment after a hospital stay, a ride to a VA appointment in the city. Every request is handled confidentially by the Relief Committee.',
        'Thank you to every volunteer who worked a shift in the kitchen, sold raffle tickets or simply came to eat. If you know a veteran who needs a hand, ask them to call the Post Home or speak with any officer.',
      ].join('\n\n'),
      publishDate: clock.at(-2, 9),
      featured: true,
    },
    {
      title: 'Hometown Students Honored in Patriotic Essay Contest',
      content: [
        'Three Hometown Middle School students were recognized at the last post meeting for their essays on the theme "What Service Means to Me."',
        'First place went to a seventh grader who wrote about her grandfather’s years in the Coast Guard. The winners received savings bonds and certificates, and their essays will advance to the district competition.',
        'The post thanks the school’s social studies teachers for encouraging every student to take part.',
      ].join('\n\n'),
      publishDate: clock.at(-12, 10),
    },
    {
      title: 'Free Help With VA Claims Every Thursday Evening',
      content: [
        'Our accredited Service Officer now keeps regular hours at the Post Home on Thursdays from 5:00 to 7:00 PM. No appointment is needed, and you do not have to be a member.',
        'The Service Officer can help you file or update a disability claim, apply for VA health care, request your military records, or find out which survivor benefits a family may be entitled to. This help is always free.',
        'Please bring a copy of your DD-214 and any letters you have received from the VA.',
      ].join('\n\n'),
      publishDate: clock.at(-25, 8, 30),
    },
    {
      title: 'Post Home Kitchen Renovation Complete',
      content: [
        'After six weekends of work by member volunteers, the Post Home kitchen has new counters, a commercial range and a walk-in cooler.',
        'The upgrade lets us serve more people at our fish fries and pancake breakfasts and opens the door to renting the hall for community dinners.',
        'Stop by on a Friday evening to see the result, and thank the crew who made it happen.',
      ].join('\n\n'),
      publishDate: clock.at(-40, 12),
    },
  ];
}

/** Public veteran resources in every category, with real public addresses. */
export function buildResources(): Insertable<ResourcesTable>[] {
  const rows: [string, string, string, string][] = [
    [
      'healthcare',
      'VA Health Care',
      'Learn about VA health care eligibility and apply for coverage online, by phone or in person.',
      'https://www.va.gov/health-care/',
    ],
    [
      'healthcare',
      'Find a VA Location',
      'Search for VA medical centers, community-based clinics and Vet Centers near Hometown.',
      'https://www.va.gov/find-locations/',
    ],
    ['healthcare', 'My HealtheVet', 'Refill prescriptions, message your care team and view your VA health records online.', 'https://www.myhealth.va.gov/'],
    [
      'benefits',
      'Disability Compensation',
      'Tax-free monthly payments for conditions related to your military service. Find out how to file a claim.',
      'https://www.va.gov/disability/',
    ],
    [
      'benefits',
      'Education and Training (GI Bill)',
      'Use the GI Bill and other VA programs to pay for college, vocational training or apprenticeships.',
      'https://www.va.gov/education/',
    ],
    [
      'benefits',
      'Veterans Pension',
      'Monthly payments for wartime veterans with limited income who are 65 or older or have a disability.',
      'https://www.va.gov/pension/',
    ],
    [
      'crisis',
      'Veterans Crisis Line',
      'Free, confidential support 24/7: dial 988 then press 1, text 838255, or chat online.',
      'https://www.veteranscrisisline.net/',
    ],
    ['crisis', '988 Suicide & Crisis Lifeline', 'Call or text 988 any time for free, confidential support for anyone in distress.', 'https://988lifeline.org/'],
    [
      'crisis',
      'Make the Connection',
      'Real stories from veterans about mental health challenges and recovery, with resources near you.',
      'https://www.maketheconnection.net/',
    ],
    [
      'local',
      'County Veterans Service Officers',
      'Find the county office that helps veterans file claims and apply for state and federal benefits.',
      'https://www.nacvso.org/',
    ],
    ['local', '211 Community Services', 'Connects you with local help for housing, food, utilities and transportation.', 'https://www.211.org/'],
    ['vfw', 'VFW National Website', 'News, programs and membership information from the national organization.', 'https://www.vfw.org/'],
    [
      'vfw',
      'VFW Assistance Programs',
      'Free claims help from accredited service officers, plus financial grants and scholarships.',
      'https://www.vfw.org/assistance',
    ],
  ];
  const order = new Map<string, number>();
  return rows.map(([category, title, description, url]) => {
    const n = order.get(category) ?? 0;
    order.set(category, n + 1);
    return { category, title, description, url, order: n };
  });
}

/** Two commander messages: the current one (active) and last quarter's. */
export function buildCommanderMessages(clock: SeedClock): Insertable<CommanderMessagesTable>[] {
  return [
    {
      content: [
        'Fellow veterans, families and friends of Hometown,',
        'It is an honor to serve as your Post Commander. Everything this post does, from the fish fries to the flag retirement ceremony to the rides we give to VA appointments, happens because members like you <strong>show up, roll up your sleeves and bring a friend</strong>. Thank you.',
        'Our mission has not changed: <em>no veteran in Hometown should face a claim, a hard month or a dark night alone.</em> If you know a veteran who has drifted away, give them a call, invite them to the next post meeting or bring them by for coffee. Our Service Officer is at the Post Home every Thursday evening, and that help is always free.',
        'I look forward to seeing you at the Post Home.',
      ].join('\n\n'),
      publishDate: clock.at(-9, 9),
      active: true,
    },
    {
      content: [
        'Comrades,',
        'Thank you for a busy and successful quarter. Our flag-placing at Hometown Cemetery drew more volunteers than ever, and the scholarship committee awarded <strong>four scholarships</strong> to Hometown seniors.',
        'Please remember to <em>renew your membership</em> before the end of the month.',
      ].join('\n\n'),
      publishDate: clock.at(-98, 9),
      active: false,
    },
  ];
}

/** Two community engagement highlights: the current one (no image, so the icon shows) and a past one. */
export function buildEngagements(clock: SeedClock): Insertable<CommunityEngagementsTable>[] {
  return [
    {
      title: 'Partnering With the Hometown Food Pantry',
      description:
        'Post members volunteer at the Hometown Food Pantry every month, sorting donations and delivering groceries to homebound veterans and seniors. Last year the post collected more than two tons of food.',
      date: clock.at(-5, 12),
      imageUrl: null,
      tags: ['Community', 'Food Security', 'Volunteering'],
      active: true,
    },
    {
      title: 'Flags for Hometown Elementary',
      description:
        'The post presented new U.S. flags to every classroom at Hometown Elementary School and taught students how to fold and display the flag properly.',
      date: clock.at(-70, 12),
      imageUrl: null,
      tags: ['Youth', 'Education', 'Flag Etiquette', 'Schools'],
      active: false,
    },
  ];
}

// ---------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------

export interface MemberPlan {
  first: string;
  last: string;
  email: string;
  role: string;
  type: MembershipType;
  branch: string;
  years: number;
  deployments: string | null;
  /** Years ago, month and day of joining. */
  since: [number, number, number];
  /** Dues as the demo shows them on the day it is loaded (paid-through years follow: membership.ts). */
  dues: DemoDues;
  address: string;
  phone: string | null;
  active?: boolean;
  /** 'portal': can sign in; 'no-access': password but access off; 'inactive': access but inactive. */
  login?: 'portal' | 'no-access' | 'inactive';
  /** Post Everlasting: years ago, month and day of death; era; obituary. */
  deceased?: { on: [number, number, number]; era: string; obituary: string };
}

const MEMBER_PLANS: MemberPlan[] = [
  {
    first: 'Thomas',
    last: 'Reed',
    email: 'thomas.reed@example.com',
    role: 'Post Commander',
    type: 'Life Member',
    branch: 'Army',
    years: 22,
    deployments: 'Operation Desert Storm (1990–1991); Operation Iraqi Freedom (2004–2005)',
    since: [31, 5, 14],
    dues: 'current',
    address: '18 Maple Avenue',
    phone: '(555) 555-0101',
    login: 'portal',
  },
  {
    first: 'Maria',
    last: 'Gonzalez',
    email: 'maria.gonzalez@example.org',
    role: 'Senior Vice Commander',
    type: 'Life Member',
    branch: 'Air Force',
    years: 20,
    deployments: 'Operation Enduring Freedom (2002); Operation Iraqi Freedom (2007)',
    since: [18, 9, 3],
    dues: 'current',
    address: '47 Oak Street',
    phone: '(555) 555-0102',
  },
  {
    first: 'James',
    last: 'Whitaker',
    email: 'james.whitaker@example.com',
    role: 'Junior Vice Commander',
    type: 'Annual Member',
    branch: 'Marines',
    years: 8,
    deployments: 'Operation Iraqi Freedom (2005, 2007)',
    since: [12, 11, 10],
    dues: 'current',
    address: '9 Birch Lane',
    phone: '(555) 555-0103',
  },
  {
    first: 'Linda',
    last: 'Park',
    email: 'linda.park@example.com',
    role: 'Quartermaster',
    type: 'Life Member',
    branch: 'Navy',
    years: 24,
    deployments: 'Operation Southern Watch (1996); Operation Enduring Freedom (2003)',
    since: [22, 2, 21],
    dues: 'current',
    address: '230 River Road',
    phone: '(555) 555-0104',
  },
  {
    first: 'David',
    last: 'Okafor',
    email: 'david.okafor@example.org',
    role: 'Chaplain',
    type: 'Life Member',
    branch: 'Army',
    years: 26,
    deployments: 'Operation Joint Endeavor, Bosnia (1996); Operation Iraqi Freedom (2003)',
    since: [20, 7, 4],
    dues: 'current',
    address: '5 Church Street',
    phone: '(555) 555-0105',
  },
  {
    first: 'Susan',
    last: 'Miller',
    email: 'susan.miller@example.com',
    role: 'Adjutant',
    type: 'Annual Member',
    branch: 'Coast Guard',
    years: 12,
    deployments: 'Operation Unified Response, Haiti (2010)',
    since: [9, 3, 17],
    dues: 'current',
    address: '66 Harbor View Drive',
    phone: '(555) 555-0106',
    login: 'portal',
  },
  {
    first: 'Michael',
    last: 'O’Brien',
    email: 'michael.obrien@example.com',
    role: 'Service Officer',
    type: 'Life Member',
    branch: 'Army',
    years: 20,
    deployments: 'Operation Allied Force, Kosovo (1999); Operation Iraqi Freedom (2006–2007)',
    since: [15, 10, 1],
    dues: 'current',
    address: '301 Main Street, Apt 2',
    phone: '(555) 555-0107',
  },
  {
    first: 'Harold',
    last: 'Jensen',
    email: 'harold.jensen@example.org',
    role: 'Third Year Trustee',
    type: 'Life Member',
    branch: 'Navy',
    years: 4,
    deployments: 'Vietnam War (1968–1969)',
    since: [48, 6, 6],
    dues: 'current',
    address: '12 Elm Street',
    phone: '(555) 555-0108',
  },
  {
    first: 'Angela',
    last: 'Brooks',
    email: 'angela.brooks@example.com',
    role: 'Second Year Trustee',
    type: 'Annual Member',
    branch: 'Air Force',
    years: 10,
    deployments: null,
    since: [7, 4, 22],
    dues: 'current',
    address: '88 Cedar Court',
    phone: '(555) 555-0109',
  },
  {
    first: 'Raymond',
    last: 'Castillo',
    email: 'ray.castillo@example.com',
    role: 'First Year Trustee',
    type: 'Life Member',
    branch: 'Marines',
    years: 6,
    deployments: 'Operation Desert Storm (1991)',
    since: [25, 1, 30],
    dues: 'current',
    address: '140 Pine Street',
    phone: '(555) 555-0110',
  },
  {
    first: 'Walter',
    last: 'Kowalski',
    email: 'walter.kowalski@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Army',
    years: 2,
    deployments: 'Vietnam War (1966–1967)',
    since: [52, 8, 19],
    dues: 'current',
    address: '3 Mill Pond Road',
    phone: '(555) 555-0111',
  },
  {
    first: 'Patricia',
    last: 'Nguyen',
    email: 'patricia.nguyen@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Navy',
    years: 22,
    deployments: 'Operation Iraqi Freedom (2003)',
    since: [14, 5, 9],
    dues: 'current',
    address: '27 Willow Way',
    phone: null,
    login: 'portal',
  },
  {
    first: 'Daniel',
    last: 'Foster',
    email: 'dan.foster@example.com',
    role: 'none',
    type: 'Annual Member',
    branch: 'Army',
    years: 4,
    deployments: 'Operation Enduring Freedom, Afghanistan (2011–2012)',
    since: [6, 9, 12],
    dues: 'current',
    address: '415 Hill Street',
    phone: '(555) 555-0113',
    login: 'portal',
  },
  {
    first: 'Karen',
    last: 'Sullivan',
    email: 'karen.sullivan@example.com',
    role: 'none',
    type: 'Associate Member',
    branch: 'Army',
    years: 3,
    deployments: null,
    since: [4, 2, 8],
    dues: 'current',
    address: '52 Garden Street',
    phone: '(555) 555-0114',
    login: 'portal',
  },
  {
    first: 'Carol',
    last: 'Jensen',
    email: 'carol.jensen@example.org',
    role: 'none',
    type: 'Auxiliary Member',
    branch: 'unspecified',
    years: 0,
    deployments: null,
    since: [30, 6, 6],
    dues: 'current',
    address: '12 Elm Street',
    phone: '(555) 555-0115',
    login: 'portal',
  },
  {
    first: 'Marcus',
    last: 'Johnson',
    email: 'marcus.johnson@example.com',
    role: 'none',
    type: 'Annual Member',
    branch: 'Space Force',
    years: 7,
    deployments: null,
    since: [2, 3, 11],
    dues: 'current',
    address: '19 Summit Avenue',
    phone: '(555) 555-0116',
  },
  {
    first: 'Eric',
    last: 'Lindqvist',
    email: 'eric.lindqvist@example.org',
    role: 'none',
    type: 'Annual Member',
    branch: 'Coast Guard',
    years: 5,
    deployments: null,
    since: [5, 8, 2],
    dues: 'due',
    address: '7 Lighthouse Lane',
    phone: '(555) 555-0117',
  },
  {
    first: 'Joseph',
    last: 'Ramirez',
    email: 'joseph.ramirez@example.com',
    role: 'none',
    type: 'Annual Member',
    branch: 'Marines',
    years: 4,
    deployments: 'Operation Iraqi Freedom, Fallujah (2004)',
    since: [10, 12, 5],
    dues: 'lapsed',
    address: '260 Washington Street',
    phone: '(555) 555-0118',
  },
  {
    first: 'Brian',
    last: 'Murphy',
    email: 'brian.murphy@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Army',
    years: 8,
    deployments: 'Operation Restore Hope, Somalia (1993)',
    since: [27, 10, 28],
    dues: 'current',
    address: '33 Spring Street',
    phone: '(555) 555-0119',
    login: 'no-access',
  },
  {
    first: 'Nancy',
    last: 'Chen',
    email: 'nancy.chen@example.com',
    role: 'none',
    type: 'Annual Member',
    branch: 'Navy',
    years: 6,
    deployments: null,
    since: [3, 6, 15],
    dues: 'lapsed-last-year',
    address: '74 Lake Street',
    phone: '(555) 555-0120',
    active: false,
    login: 'inactive',
  },
  {
    first: 'George',
    last: 'Williams',
    email: 'george.williams@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Air Force',
    years: 20,
    deployments: 'Vietnam War (1972)',
    since: [40, 4, 2],
    dues: 'current',
    address: '5 Orchard Road',
    phone: null,
    active: false,
  },
  {
    first: 'Tyler',
    last: 'Anderson',
    email: 'tyler.anderson@example.org',
    role: 'none',
    type: 'Annual Member',
    branch: 'Army',
    years: 4,
    deployments: 'Operation Inherent Resolve, Iraq (2017)',
    since: [1, 11, 9],
    dues: 'due',
    address: '120 Park Street',
    phone: '(555) 555-0122',
  },
  {
    first: 'Denise',
    last: 'Harper',
    email: 'denise.harper@example.com',
    role: 'none',
    type: 'Auxiliary Member',
    branch: 'unspecified',
    years: 0,
    deployments: null,
    since: [11, 5, 27],
    dues: 'current',
    address: '61 Maple Avenue',
    phone: '(555) 555-0123',
  },
  {
    first: 'Samuel',
    last: 'Greene',
    email: 'sam.greene@example.org',
    role: 'none',
    type: 'Associate Member',
    branch: 'Navy',
    years: 2,
    deployments: null,
    since: [2, 9, 20],
    dues: 'due',
    address: '9 Brook Street',
    phone: null,
  },
  {
    first: 'Frank',
    last: 'DeLuca',
    email: 'frank.deluca@example.com',
    role: 'none',
    type: 'Annual Member',
    branch: 'Marines',
    years: 4,
    deployments: 'Operation Just Cause, Panama (1989)',
    since: [20, 3, 3],
    dues: 'lapsed',
    address: '410 Railroad Avenue',
    phone: '(555) 555-0125',
    active: false,
  },
];

/** A demo member row and whether it may sign in to the portal. */
export interface MemberSeed {
  row: Insertable<MembersTable>;
  portal: boolean;
}

/** The member directory; `passwordHash` goes to every member that has a portal password. */
export function buildMembers(clock: SeedClock, passwordHash: string, calendar: RenewalCalendar): MemberSeed[] {
  const year = fromDayNumber(clock.today).year;
  const today = dateOf(clock.today);
  return [...MEMBER_PLANS, ...HONOR_ROLL_PLANS].map((m, i) => ({
    portal: m.login === 'portal',
    row: {
      membershipNumber: `M-${1001 + i}`,
      firstName: m.first,
      lastName: m.last,
      email: m.email,
      phone: m.phone,
      address: m.address,
      city: 'Hometown',
      state: 'USA',
      zipCode: '00000',
      membershipType: m.type,
      branchOfService: m.branch,
      yearsOfService: m.years,
      deployments: m.deployments,
      // Noon local time, so the date reads the same in any nearby zone.
      memberSince: instantOn(dayNumber(year - m.since[0], m.since[1], m.since[2]), 12, 0, clock.timeZone),
      paidThrough: m.type === 'Life Member' ? null : demoPaidThrough(m.dues, today, calendar),
      postRole: m.role,
      isActive: m.active ?? true,
      hasOnlineAccess: m.login === 'portal' || m.login === 'inactive',
      loginPassword: m.login ? passwordHash : null,
      ...everlasting(m, year),
    },
  }));
}

// ---------------------------------------------------------------------------------------
// Member communications and member resources
// ---------------------------------------------------------------------------------------

const FILES = 'https://example.org/post-files';

/** Member communications covering every audience, type and priority, plus a draft, a scheduled and an expired one. */
export function buildCommunications(clock: SeedClock): Insertable<MemberCommunicationsTable>[] {
  const published = (daysAgo: number, hour = 9) => ({ isPublished: true, publishDate: clock.at(-daysAgo, hour) });
  return [
    {
      title: 'Post Home Closed Saturday for Water Main Repair',
      content:
        'The town will replace the water main under Main Street this Saturday, and the Post Home will have no water all day. The canteen and hall are closed.\n\nWe expect to open again at the usual time on Thursday.',
      type: 'urgent_notice',
      priority: 'urgent',
      targetAudience: 'all_members',
      ...published(1, 8),
      expiryDate: clock.at(6, 23, 59),
      attachmentUrl: null,
    },
    {
      title: 'Monthly Newsletter',
      content:
        'In this issue: results of the fish fry season, a profile of our newest Life Member, the Service Officer’s Thursday hours, and the calendar for the coming month.\n\nThe full newsletter is attached as a PDF.',
      type: 'newsletter',
      priority: 'normal',
      targetAudience: 'all_members',
      ...published(5),
      expiryDate: null,
      attachmentUrl: `${FILES}/newsletter-current.pdf`,
    },
    {
      title: 'Minutes of the Monthly Post Meeting',
      content:
        'Twenty-six members attended. The Quartermaster’s report was accepted, the Relief Committee reported three grants, and the post voted to sponsor two students for the youth leadership camp.\n\nThe complete minutes are attached.',
      type: 'meeting_minutes',
      priority: 'low',
      targetAudience: 'all_members',
      ...published(7, 10),
      expiryDate: null,
      attachmentUrl: `${FILES}/minutes-post-meeting.pdf`,
    },
    {
      title: 'Officers: Budget Review Before the Next Meeting',
      content:
        'Please review the draft budget for next year before the next post meeting. The Quartermaster will take questions at the officers’ meeting beforehand.\n\nThe spreadsheet is attached; do not share it outside the officer group until it is approved.',
      type: 'announcement',
      priority: 'high',
      targetAudience: 'officers',
      ...published(3, 18),
      expiryDate: null,
      attachmentUrl: `${FILES}/draft-budget.xlsx`,
    },
    {
      title: 'Officers’ Meeting Minutes',
      content:
        'Present: Commander, Senior and Junior Vice Commanders, Quartermaster, Adjutant, Chaplain and all three Trustees. Topics: kitchen renovation close-out, poppy drive schedule and the audit of the relief fund.',
      type: 'meeting_minutes',
      priority: 'normal',
      targetAudience: 'officers',
      ...published(15, 20),
      expiryDate: null,
      attachmentUrl: null,
    },
    {
      title: 'Life Members: Please Update Your Contact Information',
      content:
        'We are updating the Life Member roster. If you have moved, changed your phone number or started using a new e-mail address, please let the Adjutant know or stop by the Post Home on a Friday evening.',
      type: 'announcement',
      priority: 'normal',
      targetAudience: 'life_members',
      ...published(10),
      expiryDate: null,
      attachmentUrl: null,
    },
    {
      title: 'Annual Dues Reminder',
      content:
        'Annual dues for the coming year are now payable. You can pay the Quartermaster at any post meeting, by mail to the Post Home, or at the canteen on Friday evenings.\n\nMembers whose dues are overdue will lose their voting privileges at the next election.',
      type: 'urgent_notice',
      priority: 'high',
      targetAudience: 'annual_members',
      ...published(4, 12),
      expiryDate: null,
      attachmentUrl: null,
    },
    {
      title: 'Annual Members Quarterly Newsletter',
      content:
        'A short update for Annual Members: how to convert to a Life membership, the benefits that come with it, and a thank-you to everyone who renewed early.',
      type: 'newsletter',
      priority: 'low',
      targetAudience: 'annual_members',
      ...published(20),
      expiryDate: null,
      attachmentUrl: `${FILES}/annual-members-quarterly.pdf`,
    },
    {
      title: 'Parking Lot Resurfacing',
      content: 'The Post Home parking lot was closed for resurfacing. Please park on Main Street during the work.',
      type: 'urgent_notice',
      priority: 'high',
      targetAudience: 'all_members',
      ...published(30, 8),
      expiryDate: clock.at(-20, 23, 59),
      attachmentUrl: null,
    },
    {
      title: 'Volunteer Appreciation Dinner',
      content:
        'All members and their families are invited to our annual Volunteer Appreciation Dinner at the Post Home. Dinner is on the post; please let the Adjutant know how many will attend.',
      type: 'announcement',
      priority: 'normal',
      targetAudience: 'all_members',
      isPublished: true,
      publishDate: clock.at(5, 9),
      expiryDate: null,
      attachmentUrl: null,
    },
    {
      title: 'Holiday Party Planning (draft)',
      content: 'Draft: dates, menu and a call for volunteers for the holiday party. To be finished after the officers’ meeting.',
      type: 'newsletter',
      priority: 'normal',
      targetAudience: 'all_members',
      isPublished: false,
      publishDate: null,
      expiryDate: null,
      attachmentUrl: null,
    },
  ].map((c) => ({ ...c, authorId: null }));
}

/** Member resources covering every access level, category and resource type, one inactive. */
export function buildMemberResources(): Insertable<MemberResourcesTable>[] {
  const rows: Omit<Insertable<MemberResourcesTable>, 'isActive'>[] = [
    {
      title: 'Post Bylaws',
      description: 'The bylaws of the post as last amended and approved by the membership.',
      category: 'bylaws',
      resourceType: 'document',
      resourceUrl: `${FILES}/post-bylaws.pdf`,
      fileSize: '245 KB',
      accessLevel: 'member',
      downloadCount: 87,
    },
    {
      title: 'Officer Handbook and Standing Rules',
      description: 'Duties of each office, standing rules and procedures for meetings and elections.',
      category: 'bylaws',
      resourceType: 'handbook',
      resourceUrl: `${FILES}/officer-handbook.pdf`,
      fileSize: '1.4 MB',
      accessLevel: 'officers',
      downloadCount: 23,
    },
    {
      title: 'Membership Application',
      description: 'Application for new members; bring it with a copy of your DD-214 to any post meeting.',
      category: 'forms',
      resourceType: 'form',
      resourceUrl: `${FILES}/membership-application.pdf`,
      fileSize: '96 KB',
      accessLevel: 'member',
      downloadCount: 41,
    },
    {
      title: 'Expense Reimbursement Request',
      description: 'Form for officers and committee chairs to claim approved post expenses.',
      category: 'forms',
      resourceType: 'form',
      resourceUrl: `${FILES}/reimbursement-request.docx`,
      fileSize: '58 KB',
      accessLevel: 'officers',
      downloadCount: 12,
    },
    {
      title: 'Meeting Minutes Archive',
      description: 'Approved minutes of the monthly post meetings for the last three years.',
      category: 'meetings',
      resourceType: 'archive',
      resourceUrl: `${FILES}/minutes-archive.zip`,
      fileSize: '3.2 MB',
      accessLevel: 'member',
      downloadCount: 64,
    },
    {
      title: 'Officers’ Meeting Agenda Template',
      description: 'The standard agenda used for officers’ meetings.',
      category: 'meetings',
      resourceType: 'document',
      resourceUrl: `${FILES}/officers-agenda-template.docx`,
      fileSize: '34 KB',
      accessLevel: 'officers',
      downloadCount: 9,
    },
    {
      title: 'Apply for VA Disability Compensation (VA Form 21-526EZ)',
      description: 'The VA’s page for the disability compensation application, with instructions.',
      category: 'benefits',
      resourceType: 'link',
      resourceUrl: 'https://www.va.gov/find-forms/about-form-21-526ez/',
      fileSize: null,
      accessLevel: 'member',
      downloadCount: 38,
    },
    {
      title: 'Life Member Benefits Guide',
      description: 'What Life membership includes, from insurance discounts to the national magazine.',
      category: 'benefits',
      resourceType: 'guide',
      resourceUrl: `${FILES}/life-member-benefits.pdf`,
      fileSize: '1.1 MB',
      accessLevel: 'life_members',
      downloadCount: 19,
    },
    {
      title: 'Annual Membership Renewal Guide',
      description: 'How and when to renew, dues amounts and how to convert to a Life membership.',
      category: 'documents',
      resourceType: 'guide',
      resourceUrl: `${FILES}/annual-renewal-guide.pdf`,
      fileSize: '180 KB',
      accessLevel: 'annual_members',
      downloadCount: 27,
    },
    {
      title: 'Request Your Military Service Records (DD-214)',
      description: 'The National Archives’ page for requesting separation documents and service records.',
      category: 'documents',
      resourceType: 'link',
      resourceUrl: 'https://www.archives.gov/veterans/military-service-records',
      fileSize: null,
      accessLevel: 'member',
      downloadCount: 52,
    },
    {
      title: 'Post History',
      description: 'A short history of the post since its founding, with photographs from the archive.',
      category: 'documents',
      resourceType: 'handbook',
      resourceUrl: `${FILES}/post-history.pdf`,
      fileSize: '4.6 MB',
      accessLevel: 'member',
      downloadCount: 31,
    },
  ];
  const superseded: Insertable<MemberResourcesTable> = {
    title: 'Post Bylaws (previous edition)',
    description: 'Superseded by the current bylaws; kept for reference.',
    category: 'bylaws',
    resourceType: 'document',
    resourceUrl: `${FILES}/post-bylaws-previous.pdf`,
    fileSize: '231 KB',
    accessLevel: 'member',
    isActive: false,
    downloadCount: 14,
  };
  return [...rows.map((r) => ({ ...r, isActive: true })), superseded];
}
