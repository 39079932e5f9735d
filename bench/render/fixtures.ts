import type { SavedToken } from '../../apps/campaign-service/src/modules/assets/personalisation/render-core';

/** A small deterministic generator (mulberry32): the same seed gives the same persons. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['ada', 'Grace', 'alan', 'Edsger', 'barbara', 'Ken', '', 'Frances', 'donald', 'Radia'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Thompson',
  'Ritchie',
  'Allen',
  'Knuth',
  'Perlman',
];
const TITLES = ['chief executive officer', 'cto', 'senior engineer', 'marketing manager', 'data analyst', ''];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', ''];

/** `count` persons as the render path sees them: default fields plus custom fields. */
export function generatePersons(count: number, seed = 42): Record<string, unknown>[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    email: `user${i}@example${i % 97}.com`,
    first_name: pick(FIRST) || null,
    last_name: pick(LAST),
    title: pick(TITLES) || null,
    company_name: pick(COMPANIES) || null,
    phone_number: `+1 555 ${String(Math.floor(next() * 1e4)).padStart(4, '0')}`,
    product_user_id: null,
    org_id: null,
    score: Math.floor(next() * 1000),
    plan: pick(['free', 'pro', 'enterprise']),
    interests: pick(['email-automation-reports', 'crm-sync', 'webhooks-tokens-liquid']),
    signup_date: new Date(Date.UTC(2023, 0, 1) + Math.floor(next() * 700) * 86_400_000).toISOString(),
    seats: Math.floor(next() * 200),
  }));
}

/** Ten tokens of the kinds customers write: values, conditions, text functions, dates, lists. */
export const TOKENS: SavedToken[] = [
  {
    name: 'greeting',
    code: '{% if person.first_name %}Hi {{ person.first_name | capitalize }}{% else %}Hello there{% endif %}',
    default_value: 'Hello',
    return_type: 'string',
  },
  {
    name: 'full_name',
    code: '{{ person.first_name | default: "" | append: " " | append: person.last_name | strip }}',
    default_value: 'Customer',
    return_type: 'string',
  },
  {
    name: 'company',
    code: '{{ person.company_name | upcase }}',
    default_value: 'YOUR COMPANY',
    return_type: 'string',
  },
  {
    name: 'domain',
    code: '{{ person.email | email_domain }}',
    default_value: 'example.com',
    return_type: 'string',
  },
  { name: 'double_score', code: '{{ person.score | times: 2 }}', default_value: '0', return_type: 'number' },
  {
    name: 'tier',
    code: '{% if person.score > 800 %}gold{% elsif person.score > 400 %}silver{% else %}bronze{% endif %}',
    default_value: 'bronze',
    return_type: 'string',
  },
  {
    name: 'days_member',
    code: '{{ person.signup_date | days_between: "2025-06-01" }}',
    default_value: '0',
    return_type: 'number',
  },
  { name: 'interests', code: '{{ person.interests | split: "-" }}', default_value: '', return_type: 'array' },
  {
    name: 'job',
    code: '{{ person.title | titlecase }}',
    default_value: 'Professional',
    return_type: 'string',
  },
  { name: 'seats_left', code: '{{ 250 | minus: person.seats }}', default_value: '0', return_type: 'number' },
];

const CARD = `
      <tr>
        <td style="padding:16px 24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#333333;">
          <p style="margin:0 0 12px 0;">As a {{ tokens.tier }} member at {{ tokens.company }} you have {{ tokens.seats_left }} seats left
          and have been with us for {{ tokens.days_member }} days. Your score doubled is {{ tokens.double_score }}.</p>
          <p style="margin:0 0 12px 0;">We picked these for {{ person.email }}: {{ tokens.interests | join: ", " }}.</p>
        </td>
      </tr>`;

/** An email of about 5 KB: person fields, all ten tokens and the unsubscribe link. */
export const TEMPLATE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ tokens.greeting }}, your {{ person.plan }} plan</title>
<style>body{margin:0;padding:0;background:#f4f5f7}a{color:#2b6cb0}.btn{display:inline-block;padding:12px 20px;border-radius:6px;background:#2b6cb0;color:#fff;text-decoration:none}</style></head>
<body>
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;">
    <tr><td align="center" style="padding:24px 0;">
    <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;">
      <tr>
        <td style="padding:32px 24px 8px 24px;font-family:Helvetica,Arial,sans-serif;font-size:22px;font-weight:bold;color:#111111;">
          {{ tokens.greeting }},
        </td>
      </tr>
      <tr>
        <td style="padding:8px 24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:22px;color:#333333;">
          <p style="margin:0 0 12px 0;">Thanks for being part of {{ person.company_name | default: "your team" }}, {{ tokens.full_name }}.
          We know the work of a {{ tokens.job }} at {{ tokens.domain }} is never done, so here is what is new this month.</p>
        </td>
      </tr>${CARD.repeat(8)}
      <tr>
        <td align="center" style="padding:16px 24px 32px 24px;">
          <a class="btn" href="https://app.example.com/plans?plan={{ person.plan | url_encode }}&amp;user={{ person.id }}">See your {{ person.plan }} plan</a>
        </td>
      </tr>
      <tr>
        <td style="padding:16px 24px;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:18px;color:#888888;border-top:1px solid #eeeeee;">
          You receive this email as {{ person.email }} ({{ person.phone_number }}).
          <a href="{{ unsubscribe_url }}">Unsubscribe</a> at any time.
        </td>
      </tr>
    </table>
    </td></tr>
  </table>
</body></html>`;
