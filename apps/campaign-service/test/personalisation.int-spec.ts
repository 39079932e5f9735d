import { personCreateContract, personUpdateContract } from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { PersonalisationService, UnsubscribeLinks } from '../src/modules/assets/personalisation';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

describe(PersonalisationService.name, () => {
  let t: CampaignTestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let service: PersonalisationService;
  let links: UnsubscribeLinks;
  let ann: string;
  let bob: string;
  let strangersPerson: string;

  const ref = (id: string, email: string) => ({ id, email, org_id: null, product_user_id: null });

  beforeAll(async () => {
    t = await startCampaignTestApp();
    owner = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    service = t.app.get(PersonalisationService);
    links = t.app.get(UnsubscribeLinks);
    ann = (await t.call(personCreateContract, { email: 'ann@example.com' }, owner).expect(200)).body
      .person_id as string;
    bob = (await t.call(personCreateContract, { email: 'bob@example.com' }, owner).expect(200)).body
      .person_id as string;
    strangersPerson = (await t.call(personCreateContract, { email: 'eve@example.com' }, stranger).expect(200))
      .body.person_id as string;
    await t
      .call(
        personUpdateContract,
        { person_id: ann, default_fields: { first_name: 'Ann', company_name: 'Acme' } },
        owner,
      )
      .expect(200);
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'greeting', '{% if person.first_name %}Dear {{ person.first_name }}{% endif %}', 'Hello', 'string'),
              ($2, 'greeting', 'Stranger token', 'x', 'string')`,
      [owner.organisation.id, stranger.organisation.id],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('renders person fields, saved tokens with their fallback and a signed unsubscribe link per person', async () => {
    const rendered = await service.renderForPersons(owner.organisation.id, {
      texts: {
        subject: '{{ tokens.greeting }}, {{ person.company_name | default: "friend" }}',
        body: '<a href="{{ unsubscribe_url }}">x</a>',
      },
      persons: [ref(ann, 'ann@example.com'), ref(bob, 'bob@example.com')],
      campaignContext: 'person',
    });
    expect(rendered.map((r) => [r.person.email, r.texts.subject, r.errors])).toEqual([
      ['ann@example.com', 'Dear Ann, Acme', {}],
      ['bob@example.com', 'Hello, friend', {}],
    ]);
    const link = /href="([^"]+)"/.exec(rendered[0]?.texts.body ?? '')?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:8080\/api\/campaign\/v1\/unsubscribe\//);
    expect(await links.verify(link.split('/').pop() ?? '')).toEqual({
      orgId: owner.organisation.id,
      personId: ann,
    });
    expect(await links.linkFor(owner.organisation.id, ann)).toBe(link);
  });

  it('leaves out persons of another organisation', async () => {
    const rendered = await service.renderForPersons(owner.organisation.id, {
      texts: { subject: '{{ person.email }}' },
      persons: [ref(strangersPerson, 'eve@example.com'), ref(bob, 'bob@example.com')],
      campaignContext: 'person',
    });
    expect(rendered.map((r) => r.texts.subject)).toEqual(['bob@example.com']);
  });

  it('keeps one signing key in the database', async () => {
    const rows = await t.sql<{ n: string }>('SELECT count(*) AS n FROM campaign.personalisation_keys');
    expect(rows[0]?.n).toBe('1');
    expect(await links.verify('not-a-token')).toBeNull();
  });
});
