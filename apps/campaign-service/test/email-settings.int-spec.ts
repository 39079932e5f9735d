import {
  personCreateContract,
  personUnsubscribeStatusContract,
  emailSettingsCreateContract,
  emailSettingsMessages,
  emailSettingsUpdateContract,
  senderDomainListContract,
  settingsGetContract,
  settingsUpdateContract,
  unsubUrlCreateContract,
  unsubUrlDeleteContract,
  unsubUrlGetContract,
  unsubUrlUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { UnsubscribeLinks } from '../src/modules/assets/personalisation';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const DEMO = 'demo.meridian.dev';
const sender = (email = `news@${DEMO}`) => ({
  from_email: { name: 'Acme News', email },
  reply_to: 'help@acme.com',
});

describe('EmailSettingsController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql(
      'TRUNCATE campaign.email_settings, campaign.unsubscribe_urls, campaign.sender_domains, campaign.organisation_settings',
    );
  });

  describe('sender domains', () => {
    it('gives every organisation the demo domain, active, once', async () => {
      const first = await t.call(senderDomainListContract, { active: true }, admin).expect(200);
      expect(first.body.domain).toEqual([expect.objectContaining({ domain: DEMO, active: true })]);
      await t.call(senderDomainListContract, {}, admin).expect(200);
      await t.call(senderDomainListContract, {}, stranger).expect(200);
      const rows = await t.sql<{ n: string }>('SELECT count(*) AS n FROM campaign.sender_domains');
      expect(rows[0]?.n).toBe('2');
    });

    it('keeps several domains per organisation and filters on active', async () => {
      await t.call(senderDomainListContract, {}, admin).expect(200);
      await t.sql(
        `INSERT INTO campaign.sender_domains (organisation_id, domain, active) VALUES ($1, 'mail.acme.com', true), ($1, 'pending.acme.com', false)`,
        [admin.organisation.id],
      );
      const all = await t.call(senderDomainListContract, {}, admin).expect(200);
      expect(all.body.domain.map((d: { domain: string }) => d.domain)).toEqual([
        DEMO,
        'mail.acme.com',
        'pending.acme.com',
      ]);
      const active = await t.call(senderDomainListContract, { active: true }, admin).expect(200);
      expect(active.body.domain.map((d: { domain: string }) => d.domain)).toEqual([DEMO, 'mail.acme.com']);
      const theirs = await t.call(senderDomainListContract, {}, stranger).expect(200);
      expect(theirs.body.domain.map((d: { domain: string }) => d.domain)).toEqual([DEMO]);
    });
  });

  describe('global email configuration', () => {
    it('is null until created, then shows in /settings/get', async () => {
      const before = await t.call(settingsGetContract, {}, admin).expect(200);
      expect(before.body.settings).toEqual({ person_org_mapping: 'one_to_one', email: null });

      const created = await t.call(emailSettingsCreateContract, sender(), admin).expect(200);
      expect(created.body.email).toEqual(sender());
      const after = await t.call(settingsGetContract, {}, admin).expect(200);
      expect(after.body.settings.email).toEqual(sender());
    });

    it('updates the configuration; the reply-to must stay a valid email', async () => {
      await t.call(emailSettingsCreateContract, sender(), admin).expect(200);
      const changed = {
        from_email: { name: 'Acme Team', email: `Team@${DEMO.toUpperCase()}` },
        reply_to: 'Replies@Acme.example',
      };
      const updated = await t.call(emailSettingsUpdateContract, changed, admin).expect(200);
      expect(updated.body.email).toEqual({
        from_email: { name: 'Acme Team', email: `team@${DEMO}` },
        reply_to: 'replies@acme.example',
      });
      const read = await t.call(settingsGetContract, {}, admin).expect(200);
      expect(read.body.settings.email).toEqual(updated.body.email);
      const empty = await t
        .call(emailSettingsUpdateContract, { ...changed, reply_to: '' }, admin)
        .expect(400);
      expect(empty.body.fields).toEqual({ reply_to: ['Please enter a valid email address'] });
    });

    it('refuses a second create and an update before any create', async () => {
      await t.call(emailSettingsUpdateContract, sender(), admin).expect(404);
      await t.call(emailSettingsCreateContract, sender(), admin).expect(200);
      const again = await t.call(emailSettingsCreateContract, sender(), admin).expect(409);
      expect(again.body.code).toBe('EmailSettingExistsException');
    });

    it('requires a sender name and valid addresses, with the spec messages', async () => {
      const response = await t
        .call(
          emailSettingsCreateContract,
          { from_email: { name: '  ', email: 'not-an-email' }, reply_to: 'nope' },
          admin,
        )
        .expect(400);
      expect(response.body.fields).toEqual({
        'from_email.name': [emailSettingsMessages.senderNameRequired],
        'from_email.email': [emailSettingsMessages.invalidEmail],
        reply_to: [emailSettingsMessages.invalidEmail],
      });
      expect(emailSettingsMessages.senderNameRequired).toBe('Sender name is required');
      expect(emailSettingsMessages.invalidEmail).toBe('Please enter a valid email address');
    });

    it('refuses a from email outside the active sender domains', async () => {
      await t.sql(
        `INSERT INTO campaign.sender_domains (organisation_id, domain, active) VALUES ($1, 'pending.acme.com', false)`,
        [admin.organisation.id],
      );
      for (const email of ['news@gmail.com', 'news@pending.acme.com', `news@sub.${DEMO}`]) {
        const response = await t.call(emailSettingsCreateContract, sender(email), admin).expect(400);
        expect(response.body).toMatchObject({
          code: 'InactiveSenderDomainException',
          fields: { 'from_email.email': [emailSettingsMessages.inactiveSenderDomain] },
        });
      }
      expect(await t.sql('SELECT * FROM campaign.email_settings')).toEqual([]);
    });

    it('keeps each organisation to its own configuration', async () => {
      await t.call(emailSettingsCreateContract, sender(), admin).expect(200);
      const theirs = await t.call(settingsGetContract, {}, stranger).expect(200);
      expect(theirs.body.settings.email).toBeNull();
      await t.call(emailSettingsUpdateContract, sender(`other@${DEMO}`), stranger).expect(404);
      await t.call(emailSettingsCreateContract, sender(`other@${DEMO}`), stranger).expect(200);
      const mine = await t.call(settingsGetContract, {}, admin).expect(200);
      expect(mine.body.settings.email).toEqual(sender());
    });
  });

  describe('person/org mapping', () => {
    it('changes the mapping for this organisation only', async () => {
      const updated = await t
        .call(settingsUpdateContract, { person_org_mapping: 'many_to_many' }, admin)
        .expect(200);
      expect(updated.body.settings.person_org_mapping).toBe('many_to_many');
      await t.call(settingsUpdateContract, { person_org_mapping: 'one_to_none' }, admin).expect(200);
      expect(
        (await t.call(settingsGetContract, {}, admin).expect(200)).body.settings.person_org_mapping,
      ).toBe('one_to_none');
      expect(
        (await t.call(settingsGetContract, {}, stranger).expect(200)).body.settings.person_org_mapping,
      ).toBe('one_to_one');
    });

    it('refuses an unknown mapping', async () => {
      await t.call(settingsUpdateContract, { person_org_mapping: 'one_to_many' }, admin).expect(400);
    });
  });

  describe('unsubscribe URL', () => {
    const custom = { url: 'https://acme.com/opt-out', customUrl: true };

    it('creates, reads, updates and deletes the setting', async () => {
      expect((await t.call(unsubUrlGetContract, {}, admin).expect(200)).body).toEqual({ unsub_url: null });
      const created = await t.call(unsubUrlCreateContract, custom, admin).expect(200);
      expect(created.body.unsub_url).toMatchObject(custom);
      expect((await t.call(unsubUrlGetContract, {}, admin).expect(200)).body.unsub_url).toMatchObject(custom);

      const updated = await t
        .call(unsubUrlUpdateContract, { url: 'http://acme.com/bye', customUrl: false }, admin)
        .expect(200);
      expect(updated.body.unsub_url).toMatchObject({ url: 'http://acme.com/bye', customUrl: false });

      expect((await t.call(unsubUrlDeleteContract, {}, admin).expect(200)).body).toEqual({ unsub_url: null });
      expect((await t.call(unsubUrlGetContract, {}, admin).expect(200)).body).toEqual({ unsub_url: null });
    });

    it('refuses a second create and an update before any create', async () => {
      await t.call(unsubUrlUpdateContract, custom, admin).expect(404);
      await t.call(unsubUrlCreateContract, custom, admin).expect(200);
      await t.call(unsubUrlCreateContract, custom, admin).expect(409);
    });

    it.each([
      ['ftp://acme.com/x', true],
      ['javascript:alert(1)', true],
      ['acme.com/opt-out', true],
      ['', true],
    ])('refuses %j (custom %s) with the spec message', async (url, customUrl) => {
      const response = await t.call(unsubUrlCreateContract, { url, customUrl }, admin).expect(400);
      expect(response.body.fields).toEqual({ url: ['Please enter a valid url'] });
    });

    it('checks the URL only while the custom page is on (spec 5)', async () => {
      await t.call(unsubUrlCreateContract, { url: 'not a url', customUrl: false }, admin).expect(200);
      const on = await t
        .call(unsubUrlUpdateContract, { url: 'not a url', customUrl: true }, admin)
        .expect(400);
      expect(on.body.fields).toEqual({ url: ['Please enter a valid url'] });
    });

    it('needs customUrl: on or off, never left out', async () => {
      const response = await t
        .call(unsubUrlCreateContract, { url: 'https://acme.com/opt-out' }, admin)
        .expect(400);
      expect(response.body.fields).toEqual({ customUrl: ['Custom URL setting is required'] });
      await t.call(unsubUrlCreateContract, {}, admin).expect(400);
    });

    it('allows no URL when the custom page is off', async () => {
      const created = await t.call(unsubUrlCreateContract, { url: '', customUrl: false }, admin).expect(200);
      expect(created.body.unsub_url).toMatchObject({ url: '', customUrl: false });
    });

    it('keeps each organisation to its own setting', async () => {
      await t.call(unsubUrlCreateContract, custom, admin).expect(200);
      expect((await t.call(unsubUrlGetContract, {}, stranger).expect(200)).body).toEqual({ unsub_url: null });
      await t
        .call(unsubUrlUpdateContract, { url: 'https://evil.com', customUrl: true }, stranger)
        .expect(404);
      await t.call(unsubUrlDeleteContract, {}, stranger).expect(200);
      expect((await t.call(unsubUrlGetContract, {}, admin).expect(200)).body.unsub_url).toMatchObject(custom);
    });
  });

  describe('the unsubscribe link', () => {
    let links: UnsubscribeLinks;
    let personId: string;
    let strangerPersonId: string;

    beforeAll(() => {
      links = t.app.get(UnsubscribeLinks);
    });

    beforeEach(async () => {
      await t.sql('TRUNCATE campaign.persons CASCADE');
      personId = (await t.call(personCreateContract, { email: 'reader@acme.com' }, admin).expect(200)).body
        .person_id;
      strangerPersonId = (
        await t.call(personCreateContract, { email: 'reader@acme.com' }, stranger).expect(200)
      ).body.person_id;
    });

    const pathOf = (link: string) => new URL(link).pathname;
    const unsubscribed = async (id: string, who: SignedIn) =>
      (await t.call(personUnsubscribeStatusContract, { person_id: id }, who).expect(200)).body
        .unsubscribed as boolean;

    const confirm = (link: string) =>
      t.http().post(pathOf(link)).type('form').send({ confirm: 'unsubscribe' });

    it('shows a confirmation page on GET that unsubscribes no one (scanners fetch every link)', async () => {
      const link = await links.linkFor(admin.organisation.id, personId);
      expect(link.startsWith('http://localhost:8080/api/campaign/v1/unsubscribe/')).toBe(true);
      const page = await t.http().get(pathOf(link)).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('<form method="post">');
      expect(page.headers.location).toBeUndefined();
      expect(await unsubscribed(personId, admin)).toBe(false);
    });

    it("unsubscribes on the page's POST without a session and sends them to the product page", async () => {
      const link = await links.linkFor(admin.organisation.id, personId);
      const response = await confirm(link).expect(303);
      expect(response.headers.location).toBe('http://localhost:8080/unsubscribed');
      expect(await unsubscribed(personId, admin)).toBe(true);
      expect(await unsubscribed(strangerPersonId, stranger)).toBe(false);
      const activity = await t.sql(
        'SELECT event FROM campaign.person_marketing_activity WHERE person_id = $1',
        [personId],
      );
      expect(activity).toEqual([{ event: 'unsubscribed' }]);
    });

    it('never subscribes the person back, and records the unsubscribe once', async () => {
      const link = await links.linkFor(admin.organisation.id, personId);
      await confirm(link).expect(303);
      await confirm(link).expect(303);
      expect(await unsubscribed(personId, admin)).toBe(true);
      const activity = await t.sql(
        'SELECT event FROM campaign.person_marketing_activity WHERE person_id = $1',
        [personId],
      );
      expect(activity).toHaveLength(1);
    });

    it('sends the person to the custom opt-out page when it is on', async () => {
      await t
        .call(
          unsubUrlCreateContract,
          { url: 'https://acme.com/preferences?from=mail', customUrl: true },
          admin,
        )
        .expect(200);
      const response = await confirm(await links.linkFor(admin.organisation.id, personId)).expect(303);
      expect(response.headers.location).toBe('https://acme.com/preferences?from=mail');

      // An address with characters a header cannot carry goes out encoded (it answered 500).
      await t
        .call(unsubUrlUpdateContract, { url: 'https://acme.com/退订?nom=Désiré', customUrl: true }, admin)
        .expect(200);
      const encoded = await confirm(await links.linkFor(admin.organisation.id, personId)).expect(303);
      expect(encoded.headers.location).toBe('https://acme.com/%E9%80%80%E8%AE%A2?nom=D%C3%A9sir%C3%A9');

      await t
        .call(unsubUrlUpdateContract, { url: 'https://acme.com/preferences', customUrl: false }, admin)
        .expect(200);
      const off = await confirm(await links.linkFor(admin.organisation.id, personId)).expect(303);
      expect(off.headers.location).toBe('http://localhost:8080/unsubscribed');
    });

    it('answers the RFC 8058 one-click POST', async () => {
      const link = await links.linkFor(admin.organisation.id, personId);
      await t.http().post(pathOf(link)).type('form').send({ 'List-Unsubscribe': 'One-Click' }).expect(200);
      expect(await unsubscribed(personId, admin)).toBe(true);
    });

    it('refuses a forged or mangled link and changes nothing', async () => {
      const link = await links.linkFor(admin.organisation.id, personId);
      const token = pathOf(link).split('/').pop()!;
      const [org, person, signature] = token.split('.') as [string, string, string];
      const forged = [
        `${org}.${strangerPersonId}.${signature}`,
        `${org}.${person}.${signature.slice(0, -2)}AA`,
        `${org}.${person}`,
        'not-a-token',
      ];
      for (const bad of forged) {
        const response = await t
          .http()
          .get(`/api/campaign/v1/unsubscribe/${encodeURIComponent(bad)}`)
          .expect(404);
        expect(response.headers.location).toBeUndefined();
        await t
          .http()
          .post(`/api/campaign/v1/unsubscribe/${encodeURIComponent(bad)}`)
          .type('form')
          .send({ 'List-Unsubscribe': 'One-Click' })
          .expect(404);
      }
      expect(await unsubscribed(personId, admin)).toBe(false);
      expect(await unsubscribed(strangerPersonId, stranger)).toBe(false);
    });

    it('cannot reach a person of another organisation', async () => {
      // A link signed for the stranger's organisation but naming our person finds no one there.
      const crossed = await links.linkFor(stranger.organisation.id, personId);
      await t.http().get(pathOf(crossed));
      await confirm(crossed);
      expect(await unsubscribed(personId, admin)).toBe(false);
    });
  });

  it('refuses every change by a user who is not an admin with a 403 saying so, and changes nothing', async () => {
    const user = await t.platform.newUser(admin);
    await t.call(emailSettingsCreateContract, sender(), admin).expect(200);
    await t
      .call(unsubUrlCreateContract, { url: 'https://acme.com/opt-out', customUrl: true }, admin)
      .expect(200);
    const refusedWith = (description: string) => ({
      status_code: 403,
      code: 'ForbiddenException',
      description,
    });
    const adminsOnly = refusedWith(emailSettingsMessages.adminsOnly);

    expect((await t.call(emailSettingsCreateContract, sender(), user).expect(403)).body).toMatchObject(
      adminsOnly,
    );
    expect(
      (await t.call(emailSettingsUpdateContract, sender(`other@${DEMO}`), user).expect(403)).body,
    ).toMatchObject(adminsOnly);
    const url = { url: 'https://evil.example/x', customUrl: true };
    expect((await t.call(unsubUrlCreateContract, url, user).expect(403)).body).toMatchObject(adminsOnly);
    expect((await t.call(unsubUrlUpdateContract, url, user).expect(403)).body).toMatchObject(adminsOnly);
    expect((await t.call(unsubUrlDeleteContract, {}, user).expect(403)).body).toMatchObject(adminsOnly);
    expect(
      (await t.call(settingsUpdateContract, { person_org_mapping: 'one_to_none' }, user).expect(403)).body,
    ).toMatchObject(refusedWith(emailSettingsMessages.adminsOnlyMapping));

    // Reading stays open to users, and shows nothing changed.
    const settings = (await t.call(settingsGetContract, {}, user).expect(200)).body.settings;
    expect(settings).toMatchObject({ person_org_mapping: 'one_to_one', email: sender() });
    expect((await t.call(unsubUrlGetContract, {}, user).expect(200)).body.unsub_url).toMatchObject({
      url: 'https://acme.com/opt-out',
    });
    await t.call(senderDomainListContract, { active: true }, user).expect(200);
  });

  it('needs a session for every settings call', async () => {
    for (const contract of [
      senderDomainListContract,
      emailSettingsCreateContract,
      unsubUrlGetContract,
      settingsUpdateContract,
    ]) {
      await t.http().post(contract.fullPath).send({}).expect(401);
    }
  });
});
