import {
  type Endpoint,
  templateCloneContract,
  templateCreateContract,
  templateDeleteContract,
  templateGetContract,
  templateJsonContract,
  templateNameUpdateContract,
  templatesListContract,
  templateUpdateContract,
  templateVisualListContract,
  templateVisualPreviewContract,
  TEMPLATE_CONTENT_MAX_BYTES,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

const DESIGN = {
  assets: [],
  styles: [],
  pages: [{ frames: [{ component: { type: 'wrapper', components: [] } }] }],
};

describe('TemplatesController', () => {
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
    await t.sql('TRUNCATE campaign.email_templates');
  });

  async function newTemplate(name: string, who = admin, template_type: 'visual' | 'advanced' = 'advanced') {
    const response = await t.call(templateCreateContract, { name, template_type }, who).expect(200);
    return response.body.template as { template_id: string; name: string; updated_at: string };
  }

  describe('create and get', () => {
    it('creates an empty template of either editor type, by the caller', async () => {
      const created = await newTemplate('Welcome mail', admin, 'visual');
      const { body } = await t
        .call(templateGetContract, { template_id: created.template_id }, admin)
        .expect(200);
      expect(body.template).toMatchObject({
        name: 'Welcome mail',
        type: 'email',
        template_type: 'visual',
        subject: null,
        content: null,
        content_json: null,
        created_by: { id: admin.account.id, name: 'Ada Admin' },
        updated_by: { id: admin.account.id, name: 'Ada Admin' },
      });
      expect((await newTemplate('Code mail')).name).toBe('Code mail');
    });

    it('starts a visual template from given HTML and design', async () => {
      const { body } = await t
        .call(
          templateCreateContract,
          { name: 'From starter', template_type: 'visual', content: '<p>Hi</p>', content_json: DESIGN },
          admin,
        )
        .expect(200);
      expect(body.template).toMatchObject({ content: '<p>Hi</p>', content_json: DESIGN });
    });

    it('rejects a template name under 3 characters', async () => {
      const { body } = await t
        .call(templateCreateContract, { name: ' ab ', template_type: 'visual' }, admin)
        .expect(400);
      expect(body.fields.name).toEqual(['Name must be at least 3 characters long']);
      expect(body.description).toBe('Name must be at least 3 characters long');
      await t.call(templateCreateContract, { template_type: 'visual' }, admin).expect(400);
    });

    it('rejects an unknown editor type', async () => {
      const { body } = await t
        .call(templateCreateContract, { name: 'Valid', template_type: 'bee' }, admin)
        .expect(400);
      expect(Object.keys(body.fields)).toEqual(['template_type']);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      await t
        .call(templateGetContract, { template_id: '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11' }, admin)
        .expect(404);
      await t.call(templateGetContract, { template_id: 'nope' }, admin).expect(400);
    });
  });

  describe('list', () => {
    it('pages newest change first and searches by name, case-insensitively', async () => {
      for (const name of ['Alpha news', 'Beta promo', 'Gamma news']) await newTemplate(name);
      const first = await t.call(templatesListContract, { page_size: 2, page_number: 1 }, admin).expect(200);
      expect(first.body).toMatchObject({ page_number: 1, page_size: 2, page_count: 2, total_count: 3 });
      expect(first.body.records.map((r: { name: string }) => r.name)).toEqual(['Gamma news', 'Beta promo']);
      expect(first.body.records[0]).not.toHaveProperty('content');
      expect(first.body.records[0]).toMatchObject({ has_content: false, template_type: 'advanced' });

      const second = await t.call(templatesListContract, { page_size: 2, page_number: 2 }, admin).expect(200);
      expect(second.body.records.map((r: { name: string }) => r.name)).toEqual(['Alpha news']);

      const found = await t
        .call(
          templatesListContract,
          { page_number: 1, page_size: 10, query: { search: { keyword: 'NEWS', fields: ['name'] } } },
          admin,
        )
        .expect(200);
      expect(found.body.records.map((r: { name: string }) => r.name)).toEqual(['Gamma news', 'Alpha news']);
      expect(found.body.total_count).toBe(2);
    });

    it('serves the all-templates fetch (page 1, size 10000) and searches subjects when asked', async () => {
      const a = await newTemplate('First');
      await newTemplate('Second');
      await t
        .call(
          templateUpdateContract,
          { template_id: a.template_id, subject: 'Spring % sale', content: '<p>x</p>' },
          admin,
        )
        .expect(200);
      const all = await t
        .call(templatesListContract, { page_number: 1, page_size: 10000 }, admin)
        .expect(200);
      expect(all.body.records).toHaveLength(2);
      expect(all.body.records[0]).toMatchObject({
        name: 'First',
        has_content: true,
        subject: 'Spring % sale',
      });

      const bySubject = await t
        .call(
          templatesListContract,
          { query: { search: { keyword: '% sale', fields: ['name', 'subject'] } } },
          admin,
        )
        .expect(200);
      expect(bySubject.body.records.map((r: { name: string }) => r.name)).toEqual(['First']);
      const byNameOnly = await t
        .call(templatesListContract, { query: { search: { keyword: 'sale' } } }, admin)
        .expect(200);
      expect(byNameOnly.body.total_count).toBe(0);
    });

    it('lists only the caller organisation', async () => {
      await newTemplate('Mine');
      await newTemplate('Theirs', stranger);
      const { body } = await t.call(templatesListContract, {}, admin).expect(200);
      expect(body.records.map((r: { name: string }) => r.name)).toEqual(['Mine']);
    });
  });

  describe('update', () => {
    it('saves the editor fields, changing only what is sent', async () => {
      const { template_id } = await newTemplate('Editor');
      const saved = await t
        .call(
          templateUpdateContract,
          {
            template_id,
            subject: 'Hello {{ person.first_name }}',
            content: '<p>Hi</p>',
            content_json: DESIGN,
            from_email: { name: 'Acme', email: 'news@acme.com' },
            reply_to: 'help@acme.com',
            sender_meta: { from_email: { type: 'token', value: 'owner_email' } },
          },
          admin,
        )
        .expect(200);
      expect(saved.body.template).toMatchObject({
        subject: 'Hello {{ person.first_name }}',
        content: '<p>Hi</p>',
        content_json: DESIGN,
        from_email: { name: 'Acme', email: 'news@acme.com' },
        reply_to: 'help@acme.com',
        sender_meta: { from_email: { type: 'token', value: 'owner_email' } },
      });
      const partial = await t
        .call(templateUpdateContract, { template_id, subject: 'New subject', reply_to: '' }, admin)
        .expect(200);
      expect(partial.body.template).toMatchObject({
        subject: 'New subject',
        content: '<p>Hi</p>',
        reply_to: null,
        name: 'Editor',
      });
      expect(new Date(partial.body.template.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(saved.body.template.updated_at).getTime(),
      );
    });

    it('rejects invalid sender addresses, short names and oversized content', async () => {
      const { template_id } = await newTemplate('Checks');
      const badFrom = await t
        .call(templateUpdateContract, { template_id, from_email: { name: 'A', email: 'nope' } }, admin)
        .expect(400);
      expect(badFrom.body.fields['from_email.email']).toEqual(['Please enter a valid email address']);
      const badReply = await t
        .call(templateUpdateContract, { template_id, reply_to: 'nope' }, admin)
        .expect(400);
      expect(badReply.body.fields.reply_to).toEqual(['Please enter a valid email address']);
      const badName = await t.call(templateUpdateContract, { template_id, name: 'ab' }, admin).expect(400);
      expect(badName.body.fields.name).toEqual(['Name must be at least 3 characters long']);
      const big = await t
        .call(
          templateUpdateContract,
          { template_id, content: 'x'.repeat(TEMPLATE_CONTENT_MAX_BYTES + 1) },
          admin,
        )
        .expect(400);
      expect(big.body.fields.content).toEqual(['Email content must be at most 2 MB']);
      const { body } = await t.call(templateGetContract, { template_id }, admin).expect(200);
      expect(body.template).toMatchObject({
        name: 'Checks',
        from_email: null,
        reply_to: null,
        content: null,
      });
    });
  });

  describe('rename, clone and delete', () => {
    it('renames a template', async () => {
      const { template_id } = await newTemplate('Old name');
      const { body } = await t
        .call(templateNameUpdateContract, { template_id, name: '  New name ' }, admin)
        .expect(200);
      expect(body.template.name).toBe('New name');
      const short = await t.call(templateNameUpdateContract, { template_id, name: 'no' }, admin).expect(400);
      expect(short.body.fields.name).toEqual(['Name must be at least 3 characters long']);
    });

    it("clones everything into 'Copy of {name}', numbered when taken", async () => {
      const { template_id } = await newTemplate('Launch', admin, 'visual');
      await t
        .call(
          templateUpdateContract,
          { template_id, subject: 'S', content: '<p>c</p>', content_json: DESIGN, reply_to: 'r@acme.com' },
          admin,
        )
        .expect(200);
      const first = await t.call(templateCloneContract, { template_id }, admin).expect(200);
      expect(first.body.template).toMatchObject({
        name: 'Copy of Launch',
        template_type: 'visual',
        subject: 'S',
        content: '<p>c</p>',
        content_json: DESIGN,
        reply_to: 'r@acme.com',
      });
      expect(first.body.template.template_id).not.toBe(template_id);
      const second = await t.call(templateCloneContract, { template_id }, admin).expect(200);
      expect(second.body.template.name).toBe('Copy of Launch (2)');
      const named = await t.call(templateCloneContract, { template_id, name: 'My copy' }, admin).expect(200);
      expect(named.body.template.name).toBe('My copy');
    });

    it('deletes a template', async () => {
      const { template_id } = await newTemplate('Doomed');
      await t.call(templateDeleteContract, { template_id }, admin).expect(200, { success: true });
      await t.call(templateGetContract, { template_id }, admin).expect(404);
      await t.call(templateDeleteContract, { template_id }, admin).expect(404);
    });
  });

  describe('starter gallery', () => {
    it('lists the starters with a preview image each', async () => {
      const { body } = await t.call(templateVisualListContract, {}, admin).expect(200);
      expect(body.templates.length).toBeGreaterThanOrEqual(4);
      for (const item of body.templates as { template_name: string; template_preview: string }[]) {
        const image = await t.http().get(item.template_preview).expect(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect((image.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
      }
    });

    it("gives each starter's design and HTML, with the unsubscribe link", async () => {
      const { body: gallery } = await t.call(templateVisualListContract, {}, admin).expect(200);
      for (const { template_name } of gallery.templates as { template_name: string }[]) {
        const { body } = await t.call(templateJsonContract, { name: template_name }, admin).expect(200);
        expect(body.content).toContain('{{ unsubscribe_url }}');
        expect(body.content).toMatch(/<table/);
        expect(body.content_json.pages).toHaveLength(1);
      }
    });

    it('answers 404 for an unknown starter', async () => {
      const { body } = await t.call(templateJsonContract, { name: 'No such starter' }, admin).expect(404);
      expect(body.description).toBe('Starter template not found');
      await t.http().get(`${templateVisualPreviewContract.fullPath}?name=nope`).expect(404);
    });
  });

  describe("another organisation's template", () => {
    let theirs: { template_id: string };
    let before: unknown;

    beforeEach(async () => {
      theirs = await newTemplate('Not yours', stranger);
      await t
        .call(
          templateUpdateContract,
          { template_id: theirs.template_id, subject: 'Secret', content: '<p>s</p>' },
          stranger,
        )
        .expect(200);
      before = (await t.call(templateGetContract, theirs, stranger).expect(200)).body;
    });

    const attempts: [string, Endpoint, () => object][] = [
      ['get', templateGetContract, () => ({})],
      ['update', templateUpdateContract, () => ({ subject: 'Hacked', content: '<p>h</p>' })],
      ['name.update', templateNameUpdateContract, () => ({ name: 'Hacked name' })],
      ['template.clone', templateCloneContract, () => ({})],
      ['delete', templateDeleteContract, () => ({})],
    ];

    it.each(attempts)('%s answers 404 and changes nothing', async (_name, contract, extra) => {
      const { body } = await t
        .call(contract, { template_id: theirs.template_id, ...extra() }, admin)
        .expect(404);
      expect(body.description).toBe('Template not found');
      expect((await t.call(templateGetContract, theirs, stranger).expect(200)).body).toEqual(before);
      const mine = await t.call(templatesListContract, {}, admin).expect(200);
      expect(mine.body.total_count).toBe(0);
    });
  });
});
