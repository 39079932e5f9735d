import {
  personCreateContract,
  personUpdateContract,
  tokenCodeVerifyContract,
  tokenColumnsListContract,
  tokenCreateContract,
  tokenDeleteContract,
  tokenFunctionsListContract,
  tokenGetContract,
  tokenPreviewContract,
  tokensListAllContract,
  tokensListContract,
  tokenUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

describe('TokensController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let ann: string;
  let bob: string;
  let strangersPerson: string;

  const ref = (id: string, email: string) => ({ id, email, org_id: null, product_user_id: null });

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    ann = (await t.call(personCreateContract, { email: 'ann@example.com' }, admin).expect(200)).body
      .person_id as string;
    bob = (await t.call(personCreateContract, { email: 'bob@example.com' }, admin).expect(200)).body
      .person_id as string;
    strangersPerson = (await t.call(personCreateContract, { email: 'eve@example.com' }, stranger).expect(200))
      .body.person_id as string;
    await t
      .call(
        personUpdateContract,
        { person_id: ann, default_fields: { first_name: 'ann', company_name: 'Acme' } },
        admin,
      )
      .expect(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.email_tokens');
  });

  async function newToken(name: string, who = admin): Promise<string> {
    return (await t.call(tokenCreateContract, { name }, who).expect(200)).body.token.token_id as string;
  }

  async function saved(name: string, token: string, default_value = 'friend', who = admin): Promise<string> {
    const id = await newToken(name, who);
    await t
      .call(tokenUpdateContract, { token_id: id, token, description: `About ${name}`, default_value }, who)
      .expect(200);
    return id;
  }

  it('creates a token with its author, empty code and type string', async () => {
    const response = await t.call(tokenCreateContract, { name: 'first_name_title' }, admin).expect(200);
    expect(response.body.token).toMatchObject({
      name: 'first_name_title',
      token: '',
      description: '',
      default_value: '',
      return_type: 'string',
      created_by: { id: admin.account.id, name: admin.account.name },
    });
  });

  it('refuses a name with spaces and a name taken in any case', async () => {
    const spaced = await t.call(tokenCreateContract, { name: 'first name' }, admin).expect(400);
    expect(spaced.body.fields).toEqual({ name: ['Token name cannot have spaces in them'] });
    await newToken('Greeting');
    const taken = await t.call(tokenCreateContract, { name: 'greeting' }, admin).expect(409);
    expect(taken.body).toMatchObject({
      code: 'TokenNameExistsException',
      fields: { name: ['A token with this name already exists'] },
    });
    // Another organisation may use the same name.
    await newToken('greeting', stranger);
  });

  it('saves code, infers its type and returns it from get, list and list-all', async () => {
    const id = await newToken('score');
    const updated = await t
      .call(
        tokenUpdateContract,
        {
          token_id: id,
          token: '{{ person.first_name | size | times: 10 }}',
          description: 'A score',
          default_value: '0',
        },
        admin,
      )
      .expect(200);
    expect(updated.body.token).toMatchObject({
      return_type: 'number',
      description: 'A score',
      default_value: '0',
    });
    expect((await t.call(tokenGetContract, { token_id: id }, admin).expect(200)).body.token).toEqual(
      updated.body.token,
    );
    expect((await t.call(tokensListAllContract, {}, admin).expect(200)).body.records).toEqual([
      updated.body.token,
    ]);
  });

  it('lists a page searched by name, most recently updated first', async () => {
    await newToken('alpha');
    await newToken('beta_one');
    await newToken('beta_two');
    const page = await t
      .call(
        tokensListContract,
        { page_size: 1, page_number: 2, query: { search: { keyword: 'BETA' } } },
        admin,
      )
      .expect(200);
    expect(page.body).toMatchObject({ page_number: 2, page_size: 1, page_count: 2, total_count: 2 });
    expect(page.body.records.map((r: { name: string }) => r.name)).toEqual(['beta_one']);
    const all = await t.call(tokensListContract, {}, admin).expect(200);
    expect(all.body.total_count).toBe(3);
  });

  it('searches the name, the one column query.search.fields may name', async () => {
    await newToken('beta_one');
    const named = await t
      .call(tokensListContract, { query: { search: { keyword: 'beta', fields: ['name'] } } }, admin)
      .expect(200);
    expect(named.body.records.map((r: { name: string }) => r.name)).toEqual(['beta_one']);
    const refused = await t
      .call(tokensListContract, { query: { search: { keyword: 'beta', fields: ['token'] } } }, admin)
      .expect(400);
    expect(refused.body).toMatchObject({ code: 'ValidationException' });
    expect(Object.keys(refused.body.fields)).toEqual(['query.search.fields.0']);
  });

  it('asks for code, description and a fallback, all at once', async () => {
    const id = await newToken('empty');
    const response = await t
      .call(tokenUpdateContract, { token_id: id, token: ' ', description: '', default_value: '' }, admin)
      .expect(400);
    expect(response.body.fields).toEqual({
      token: ['Token code is required'],
      description: ['Description is required'],
    });
    const noFallback = await t
      .call(
        tokenUpdateContract,
        { token_id: id, token: '{{ person.first_name }}', description: 'd', default_value: ' ' },
        admin,
      )
      .expect(400);
    expect(noFallback.body.fields).toEqual({ default_value: ['Fallback value is required'] });
  });

  it('does not ask a fallback of list and map tokens', async () => {
    const id = await newToken('words');
    const response = await t
      .call(
        tokenUpdateContract,
        {
          token_id: id,
          token: '{{ person.company_name | split: " " }}',
          description: 'd',
          default_value: 'ignored',
        },
        admin,
      )
      .expect(200);
    expect(response.body.token).toMatchObject({ return_type: 'array', default_value: '' });
  });

  it('refuses code with a syntax error or an unknown function', async () => {
    const id = await newToken('broken');
    const syntax = await t
      .call(
        tokenUpdateContract,
        { token_id: id, token: '{% if person.first_name %}', description: 'd', default_value: 'x' },
        admin,
      )
      .expect(400);
    expect(syntax.body.fields).toEqual({ token: ['Invalid syntax'] });
    expect((await t.call(tokenGetContract, { token_id: id }, admin).expect(200)).body.token.token).toBe('');
  });

  it('does not let a saved token change type', async () => {
    const id = await saved('greeting', '{{ person.first_name }}');
    const response = await t
      .call(
        tokenUpdateContract,
        { token_id: id, token: '{{ person.first_name | size }}', description: 'd', default_value: '1' },
        admin,
      )
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'TokenTypeChangeException',
      description: 'Token type cannot be modified from string to number',
    });
    expect((await t.call(tokenGetContract, { token_id: id }, admin).expect(200)).body.token.token).toBe(
      '{{ person.first_name }}',
    );
  });

  it('renames on update but not onto another token', async () => {
    const id = await saved('one', '{{ person.email }}');
    await newToken('two');
    const clash = await t
      .call(
        tokenUpdateContract,
        { token_id: id, name: 'TWO', token: '{{ person.email }}', description: 'd', default_value: 'x' },
        admin,
      )
      .expect(409);
    expect(clash.body.code).toBe('TokenNameExistsException');
    const renamed = await t
      .call(
        tokenUpdateContract,
        { token_id: id, name: 'three', token: '{{ person.email }}', description: 'd', default_value: 'x' },
        admin,
      )
      .expect(200);
    expect(renamed.body.token.name).toBe('three');
  });

  it('deletes a token and returns it', async () => {
    const id = await newToken('gone');
    const response = await t.call(tokenDeleteContract, { token_id: id }, admin).expect(200);
    expect(response.body.token).toMatchObject({ token_id: id, name: 'gone' });
    await t.call(tokenGetContract, { token_id: id }, admin).expect(404);
    await t.call(tokenDeleteContract, { token_id: id }, admin).expect(404);
  });

  it('previews a saved token for persons, with the fallback where the code gives nothing', async () => {
    const id = await saved('greeting', '{{ person.first_name | capitalize }}', 'there');
    const response = await t
      .call(
        tokenPreviewContract,
        {
          token_id: id,
          person_ids: [ref(ann, 'ann@example.com'), ref(bob, 'bob@example.com')],
          campaign_context: 'person',
        },
        admin,
      )
      .expect(200);
    expect(response.body.result).toEqual([
      {
        email: 'ann@example.com',
        column: 'greeting',
        token: 'Ann',
        product_user_id: null,
        org_id: null,
        error: null,
      },
      {
        email: 'bob@example.com',
        column: 'greeting',
        token: 'there',
        product_user_id: null,
        org_id: null,
        error: null,
      },
    ]);
  });

  it('previews lists as JSON', async () => {
    const id = await saved('words', '{{ person.company_name | append: " Inc" | split: " " }}', '');
    const response = await t
      .call(tokenPreviewContract, { token_id: id, person_ids: [ref(ann, 'ann@example.com')] }, admin)
      .expect(200);
    expect(response.body.result[0].token).toBe('["Acme","Inc"]');
  });

  it('asks to save a token before previewing it', async () => {
    const id = await newToken('unsaved');
    const response = await t
      .call(tokenPreviewContract, { token_id: id, person_ids: [ref(ann, 'ann@example.com')] }, admin)
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'TokenNotSavedException',
      description: 'Token should be updated and saved before preview',
    });
  });

  it('verifies code: its type, or the reason and position of a syntax error', async () => {
    expect(
      (await t.call(tokenCodeVerifyContract, { token: '{{ person.email | split: "@" }}' }, admin).expect(200))
        .body,
    ).toEqual({ return_type: 'array' });
    const bad = await t
      .call(tokenCodeVerifyContract, { token: 'Hi\n{{ person.email | nope }}' }, admin)
      .expect(200);
    expect(bad.body).toEqual({
      error: {
        position: { line: 2, column: 1 },
        reason: 'Invalid syntax',
        message: 'undefined filter: nope',
      },
    });
  });

  it('lists the functions and the person fields a token can read', async () => {
    const functions = (await t.call(tokenFunctionsListContract, {}, admin).expect(200)).body.functions as {
      name: string;
      sample: string;
    }[];
    expect(functions.length).toBeGreaterThanOrEqual(12);
    for (const fn of functions) {
      const check = await t.call(tokenCodeVerifyContract, { token: fn.sample }, admin).expect(200);
      expect([fn.name, check.body.error]).toEqual([fn.name, undefined]);
    }
    const columns = await t.call(tokenColumnsListContract, {}, admin).expect(200);
    expect(columns.body.person_org_mapping).toBe('one_to_one');
    expect(columns.body.columns).toContainEqual({
      name: 'first_name',
      display: 'First Name',
      type: 'string',
      custom: false,
      variable: 'person.first_name',
    });
  });

  describe('another organisation', () => {
    it.each([
      ['tokens.get', tokenGetContract, (id: string) => ({ token_id: id })],
      [
        'tokens.update',
        tokenUpdateContract,
        (id: string) => ({
          token_id: id,
          token: '{{ person.email }}',
          description: 'mine',
          default_value: 'x',
        }),
      ],
      ['tokens.delete', tokenDeleteContract, (id: string) => ({ token_id: id })],
      [
        'tokens.preview',
        tokenPreviewContract,
        (id: string) => ({
          token_id: id,
          person_ids: [{ id: ann, email: 'ann@example.com', org_id: null, product_user_id: null }],
        }),
      ],
    ] as const)('%s answers 404 for its token and changes nothing', async (_name, contract, body) => {
      const id = await saved('owned', '{{ person.first_name }}');
      const before = await t.sql('SELECT * FROM campaign.email_tokens ORDER BY id');
      const response = await t.call(contract, body(id), stranger).expect(404);
      expect(response.body.code).toBe('NotFoundException');
      expect(await t.sql('SELECT * FROM campaign.email_tokens ORDER BY id')).toEqual(before);
    });

    it('does not list or search its tokens', async () => {
      await saved('owned', '{{ person.first_name }}');
      expect((await t.call(tokensListContract, {}, stranger).expect(200)).body.total_count).toBe(0);
      expect((await t.call(tokensListAllContract, {}, stranger).expect(200)).body.records).toEqual([]);
    });

    it("cannot preview its own token for the other organisation's persons", async () => {
      const mine = await saved('mine', '{{ person.email }}', 'x', stranger);
      await t
        .call(tokenPreviewContract, { token_id: mine, person_ids: [ref(ann, 'ann@example.com')] }, stranger)
        .expect(404);
      const own = await t
        .call(
          tokenPreviewContract,
          { token_id: mine, person_ids: [ref(strangersPerson, 'eve@example.com')] },
          stranger,
        )
        .expect(200);
      expect(own.body.result[0].token).toBe('eve@example.com');
    });

    it('does not render its tokens in the other organisation', async () => {
      await saved('secret', '{{ "owner secret" }}');
      const mine = await saved('probe', '{{ person.email }}', 'x', stranger);
      const verify = await t
        .call(tokenCodeVerifyContract, { token: '{{ tokens.secret }}' }, stranger)
        .expect(200);
      expect(verify.body).toEqual({ return_type: 'string' });
      const preview = await t
        .call(
          tokenPreviewContract,
          { token_id: mine, person_ids: [ref(strangersPerson, 'eve@example.com')] },
          stranger,
        )
        .expect(200);
      expect(JSON.stringify(preview.body)).not.toContain('owner secret');
    });
  });
});
