import type { PersonField } from '@meridian/contracts';

/**
 * What the demo organisation is made of, as plain data: the SQL of the seed reads these lists, so a
 * change of wording or ratio happens here only. Addresses use the reserved `.example` names so no
 * demo mail could ever reach a real mailbox.
 */

export const DEMO_CONTACTS = 3_000;
/** Weeks of run history of the recurring campaign. */
export const DEMO_HISTORY_WEEKS = 8;
export const DEMO_PRODUCT_DAYS = 60;

const customField = (
  name: string,
  display: string,
  type: PersonField['type'],
  position: number,
  length: number | null = null,
): PersonField & { position: number } => ({
  name,
  display,
  type,
  length,
  position,
  read_only: false,
  updatable: true,
  required: false,
  hidden: false,
  custom: true,
});

export const demoCustomFields = [
  customField('plan', 'Plan', 'string', 2000, 50),
  customField('country', 'Country', 'string', 2001, 100),
  customField('signup_date', 'Signup date', 'datetime', 2002),
  customField('seats', 'Seats', 'integer', 2003),
  customField('mrr', 'MRR', 'float', 2004),
  customField('newsletter', 'Newsletter', 'boolean', 2005),
];

export const demoFirstNames = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Katherine',
  'John',
  'Hedy',
  'Niklaus',
  'Sophie',
  'Guido',
  'Anita',
  'Bjarne',
  'Mary',
  'James',
  'Joan',
  'Donald',
  'Lynn',
  'Leslie',
  'Carol',
  'Brian',
  'Shafi',
  'Yukihiro',
];
export const demoLastNames = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Johnson',
  'McCarthy',
  'Lamarr',
  'Wirth',
  'Wilson',
  'van Rossum',
  'Borg',
  'Stroustrup',
  'Keller',
  'Gosling',
  'Clarke',
  'Knuth',
  'Conway',
  'Lamport',
  'Shaw',
  'Kernighan',
  'Goldwasser',
  'Matsumoto',
];
export const demoCompanies = [
  'Acme Analytics',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Stark Logistics',
  'Wayne Retail',
  'Hooli',
  'Pied Piper',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Robotics',
  'Cyberdyne Systems',
  'Wonka Confectionery',
  'Oceanic Travel',
  'Monarch Solutions',
  'Nakatomi Trading',
  'Gringotts Finance',
  'Aperture Labs',
  'Black Mesa Research',
  'Blue Sun Media',
  'Massive Dynamic',
  'Prestige Worldwide',
  'Dunder Mifflin',
  'Sterling Cooper',
  'Los Pollos Logistics',
  'Bluth Homes',
  'Krusty Kitchens',
  'Ollivanders Craft',
  'Weyland Energy',
  'Gekko Capital',
];
export const demoTitles = [
  'Head of Marketing',
  'Growth Manager',
  'CTO',
  'Product Manager',
  'Data Analyst',
  'CEO',
  'Lifecycle Marketer',
  'Engineering Manager',
  'Customer Success Lead',
  'VP Sales',
  null,
  null,
];
export const demoCountries = [
  'United States',
  'United Kingdom',
  'Germany',
  'France',
  'Netherlands',
  'Spain',
  'Canada',
  'Australia',
  'Brazil',
  'India',
  'Japan',
  'Sweden',
];
/** Plans and how often they occur (cumulative thresholds over 0..1). */
export const demoPlans: [plan: string, upTo: number][] = [
  ['free', 0.45],
  ['starter', 0.7],
  ['pro', 0.9],
  ['enterprise', 1],
];
export const demoProductEvents = [
  'signed_up',
  'logged_in',
  'logged_in',
  'logged_in',
  'viewed_pricing',
  'created_project',
  'invited_teammate',
  'exported_report',
  'connected_integration',
  'viewed_dashboard',
  'viewed_dashboard',
  'upgraded_plan',
];

/** A list with a `field` holds the contacts whose boolean custom field is true. */
export const demoStaticLists: { name: string; share: number; field?: string }[] = [
  { name: 'Newsletter subscribers', share: 0, field: 'newsletter' },
  { name: 'Beta testers', share: 0.05 },
  { name: 'Webinar attendees - Q3', share: 0.15 },
];

export const demoTokens = [
  {
    name: 'greeting',
    description: 'Hi and the first name, or a friendly hello when it is unknown',
    code: '{% if person.first_name %}Hi {{ person.first_name }}{% else %}Hello there{% endif %}',
    default_value: 'Hello there',
  },
  {
    name: 'plan_name',
    description: 'The contact plan, capitalised',
    code: '{{ person.plan | default: "free" | capitalize }}',
    default_value: 'Free',
  },
];
