import {
  emailSettingsCreateContract,
  personCreateContract,
  personUpdateContract,
  templateCreateContract,
  templateSendEmailContract,
} from '@meridian/contracts';
import { type SignedIn, type SmtpSink, startSmtpSink } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const PUBLIC_BASE_URL = 'http://meridian.test:8080';
const UNSUBSCRIBE_PREFIX = `${PUBLIC_BASE_URL}/api/campaign/v1/unsubscribe/`;

describe('TemplateTestSendController', () => {
  let t: CampaignTestApp;
  let sink: SmtpSink;
  let admin: SignedIn;
  let stranger: SignedIn;
  let templateId: string;
  let ann: { id: string; email: string; org_id: null; product_user_id: null };

  async function newPerson(who: SignedIn, email: string, firstName?: string) {
    const { body } = await t.call(personCreateContract, { email }, who).expect(200);
    if (firstName) {
      await t
        .call(
          personUpdateContract,
          { person_id: body.person_id, default_fields: { first_name: firstName } },
          who,
        )
        .expect(200);
    }
    return { id: body.person_id as string, email, org_id: null, product_user_id: null };
  }

  async function newTemplate(who: SignedIn) {
    const { body } = await t
      .call(templateCreateContract, { name: 'Test send', template_type: 'advanced' }, who)
      .expect(200);
    return body.template.template_id as string;
  }

  const mail = (overrides: Record<string, unknown> = {}) => ({
    template_id: templateId,
    subject: 'Hello {{ person.first_name }}',
    content: `<p>Dear {{ person.first_name | default: "reader" }},</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>`,
    from_email: { name: 'Acme News', email: 'news@acme.test' },
    reply_to: 'care@acme.test',
    person_ids: [ann],
    campaign_context: 'person',
    ...overrides,
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startCampaignTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Meridian Mailer <mailer@meridian.test>',
      PUBLIC_BASE_URL,
    });
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    ann = await newPerson(admin, 'ann@customer.test', 'Ann');
    templateId = await newTemplate(admin);
  });

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  afterEach(() => {
    expect(sink.unclaimed()).toEqual([]);
  });

  it('mails the subject and content personalised for the chosen person, with their unsubscribe link', async () => {
    const { body } = await t.call(templateSendEmailContract, mail(), admin).expect(200);
    expect(body).toEqual({ success: true, recipients: ['ann@customer.test'] });
    const received = await sink.waitFor({ to: 'ann@customer.test' });
    expect(received.subject).toBe('Hello Ann');
    expect(received.from).toBe('news@acme.test');
    expect(received.html).toContain('<p>Dear Ann,</p>');
    expect(received.links.some((link) => link.startsWith(UNSUBSCRIBE_PREFIX))).toBe(true);
  });

  it('HTML-escapes contact values in the email HTML but not in the subject; raw marks markup', async () => {
    const eve = await newPerson(admin, 'eve@customer.test', '<script>alert(1)</script>');
    await t
      .call(
        templateSendEmailContract,
        mail({
          person_ids: [eve],
          content: '<p>Dear {{ person.first_name }}</p><p>{{ "<b>bold</b>" | raw }}</p>',
        }),
        admin,
      )
      .expect(200);
    const received = await sink.waitFor({ to: 'eve@customer.test' });
    expect(received.subject).toBe('Hello <script>alert(1)</script>');
    expect(received.html).toContain('<p>Dear &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(received.html).not.toContain('<script>');
    expect(received.html).toContain('<p><b>bold</b></p>');
  });

  it('sends from the platform sender when the template has none', async () => {
    const bob = await newPerson(admin, 'bob@customer.test');
    await t
      .call(templateSendEmailContract, mail({ from_email: null, reply_to: null, person_ids: [bob] }), admin)
      .expect(200);
    const received = await sink.waitFor({ to: 'bob@customer.test' });
    expect(received.from).toBe('mailer@meridian.test');
    expect(received.subject).toBe('Hello');
    expect(received.html).toContain('<p>Dear reader,</p>');
  });

  it("sends from the organisation's global email setting when the template has no sender", async () => {
    const org = await t.platform.newOrganisation();
    const cleo = await newPerson(org, 'cleo@customer.test', 'Cleo');
    const setting = {
      from_email: { name: 'Org News', email: 'news@demo.meridian.dev' },
      reply_to: 'help@org.test',
    };
    await t.call(emailSettingsCreateContract, setting, org).expect(200);
    await t
      .call(
        templateSendEmailContract,
        mail({ template_id: await newTemplate(org), from_email: null, reply_to: null, person_ids: [cleo] }),
        org,
      )
      .expect(200);
    const received = await sink.waitFor({ to: 'cleo@customer.test' });
    expect(received.from).toBe('news@demo.meridian.dev');
  });

  it("renders the organisation's tokens in the content and the sender settings", async () => {
    const org = admin.organisation.id;
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'sender_address', 'owner@acme.test', '', 'string'),
              ($1, 'shout', '{{ person.first_name | upcase }}', 'FRIEND', 'string')`,
      [org],
    );
    const carl = await newPerson(admin, 'carl@customer.test', 'Carl');
    await t
      .call(
        templateSendEmailContract,
        mail({
          person_ids: [ann, carl],
          content: '<p>{{ tokens.shout }}</p>',
          sender_meta: {
            from_name: { type: 'text', value: 'Owner' },
            from_email: { type: 'token', value: 'sender_address' },
            reply_to: { type: 'token', value: 'no_such_token' },
          },
        }),
        admin,
      )
      .expect(200, { success: true, recipients: ['ann@customer.test', 'carl@customer.test'] });
    const toAnn = await sink.waitFor({ to: 'ann@customer.test' });
    const toCarl = await sink.waitFor({ to: 'carl@customer.test' });
    expect(toAnn.from).toBe('owner@acme.test');
    expect(toAnn.html).toContain('<p>ANN</p>');
    expect(toCarl.html).toContain('<p>CARL</p>');
    await t.sql('DELETE FROM campaign.email_tokens WHERE organisation_id = $1', [org]);
  });

  it('refuses a sender token that does not render to an email address', async () => {
    const org = admin.organisation.id;
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'not_an_address', 'just text', '', 'string')`,
      [org],
    );
    const { body } = await t
      .call(
        templateSendEmailContract,
        mail({ sender_meta: { from_email: { type: 'token', value: 'not_an_address' } } }),
        admin,
      )
      .expect(400);
    expect(body.fields.from_email).toEqual(['Please enter a valid email address']);
    await t.sql('DELETE FROM campaign.email_tokens WHERE organisation_id = $1', [org]);
  });

  it('validates the subject, content and recipient with the spec messages', async () => {
    const noSubject = await t.call(templateSendEmailContract, mail({ subject: '  ' }), admin).expect(400);
    expect(noSubject.body.fields.subject).toEqual(['Email subject should not be empty']);
    const noContent = await t.call(templateSendEmailContract, mail({ content: ' ' }), admin).expect(400);
    expect(noContent.body.fields.content).toEqual(["Email content shouldn't be empty"]);
    const badEmail = await t
      .call(templateSendEmailContract, mail({ person_ids: [{ ...ann, email: 'nope' }] }), admin)
      .expect(400);
    expect(badEmail.body.fields['person_ids.0.email']).toEqual(['Valid email is required']);
    const nobody = await t.call(templateSendEmailContract, mail({ person_ids: [] }), admin).expect(400);
    expect(nobody.body.fields.person_ids).toEqual(['Valid email is required']);
  });

  it('reports a template syntax error instead of sending', async () => {
    const { body } = await t
      .call(templateSendEmailContract, mail({ content: '<p>{% if %}</p>' }), admin)
      .expect(400);
    expect(body.fields.content?.[0]).toEqual(expect.any(String));
  });

  it('answers 404 for a person who does not exist and sends nothing', async () => {
    const ghost = { ...ann, id: '0b6f1c7e-2f4a-4c1d-9d9e-7a1b2c3d4e5f' };
    const { body } = await t
      .call(templateSendEmailContract, mail({ person_ids: [ann, ghost] }), admin)
      .expect(404);
    expect(body.description).toBe('Person not found');
  });

  it("answers 404 for another organisation's person or template, and sends nothing", async () => {
    const theirPerson = await newPerson(stranger, 'theirs@customer.test', 'Theo');
    const theirTemplate = await newTemplate(stranger);
    await t.call(templateSendEmailContract, mail({ person_ids: [theirPerson] }), admin).expect(404);
    const { body } = await t
      .call(templateSendEmailContract, mail({ template_id: theirTemplate }), admin)
      .expect(404);
    expect(body.description).toBe('Template not found');
  });
});
