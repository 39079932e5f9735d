/** The demo's three email templates, with their links listed as delivery records them. */
export interface DemoTemplate {
  key: 'digest' | 'upgrade' | 'welcome';
  name: string;
  subject: string;
  /** The subject as it reads once rendered: {first} and {company} stand for the contact's. */
  renderedSubject: string;
  /** The links of the body in order: email_messages.links and the clicks point at these. */
  links: string[];
  html: string;
}

const page = (title: string, body: string) => `<!doctype html>
<html><body style="margin:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e7eb"><strong style="font-size:18px">${title}</strong></td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b7280">Demo Company, 1 Example Street.
You receive this because you use our product. <a href="{{ unsubscribe_url }}">Unsubscribe</a></td></tr>
</table></td></tr></table></body></html>`;

const button = (url: string, label: string) =>
  `<p><a href="${url}" style="display:inline-block;background:#4c6ef5;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

function template(
  key: DemoTemplate['key'],
  name: string,
  [subject, renderedSubject]: [string, string],
  parts: (link: (url: string) => string) => string,
): DemoTemplate {
  const links: string[] = [];
  const html = page(
    name,
    parts((url) => {
      links.push(url);
      return url;
    }),
  );
  return { key, name, subject, renderedSubject, links, html };
}

export const demoTemplates: DemoTemplate[] = [
  template(
    'digest',
    'Weekly product digest',
    [
      '{{ tokens.greeting }}, your week at {{ person.company_name | default: "work" }}',
      'Hi {first}, your week at {company}',
    ],
    (link) => `<p>{{ tokens.greeting }},</p>
<p>Here is what changed this week on your <strong>{{ tokens.plan_name }}</strong> plan.</p>
<ul>
<li><a href="${link('https://demo.meridian.example/changelog')}">Changelog: faster dashboards and saved filters</a></li>
<li><a href="${link('https://demo.meridian.example/blog/segments-guide')}">Guide: building segments that stay fresh</a></li>
<li><a href="${link('https://demo.meridian.example/webinars/q3')}">Webinar: lifecycle email in 30 minutes</a></li>
</ul>
${button(link('https://demo.meridian.example/app/dashboard'), 'Open your dashboard')}`,
  ),
  template(
    'upgrade',
    'Upgrade offer',
    ['{{ person.first_name | default: "Friend" }}, 20% off Pro this week', '{first}, 20% off Pro this week'],
    (link) => `<p>{{ tokens.greeting }},</p>
<p>Teams like {{ person.company_name | default: "yours" }} get more done on Pro: unlimited projects,
scheduled exports and priority support.</p>
${button(link('https://demo.meridian.example/pricing?offer=pro20'), 'Claim 20% off Pro')}
<p><a href="${link('https://demo.meridian.example/compare-plans')}">Compare plans</a></p>`,
  ),
  template(
    'welcome',
    'Welcome to Meridian',
    ['Welcome aboard, {{ person.first_name | default: "friend" }}', 'Welcome aboard, {first}'],
    (link) => `<p>{{ tokens.greeting }}, welcome!</p>
<p>Three steps to get going:</p>
<ol>
<li><a href="${link('https://demo.meridian.example/docs/import')}">Import your contacts</a></li>
<li><a href="${link('https://demo.meridian.example/docs/segments')}">Build your first segment</a></li>
<li><a href="${link('https://demo.meridian.example/docs/campaigns')}">Launch a campaign</a></li>
</ol>`,
  ),
];
