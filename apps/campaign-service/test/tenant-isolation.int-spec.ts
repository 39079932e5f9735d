import {
  campaignCloneContract,
  campaignCreateContract,
  campaignDeleteContract,
  campaignDraftPublishContract,
  campaignDraftSaveContract,
  campaignDraftValidateContract,
  campaignEditStartContract,
  campaignGetContract,
  campaignPublishContract,
  campaignUpdateContract,
  contactDuplicateReportContract,
  contactErrorReportContract,
  contactFileCancelContract,
  contactFileMatchContract,
  contactFileStatusContract,
  contactsImportContract,
  staticListContactsListContract,
  staticListContactsRemoveAllContract,
  staticListContactsRemoveContract,
  staticListCreateContract,
  staticListDeleteContract,
  staticListFileInsertContract,
  staticListFileStatusContract,
  staticListGetContract,
  staticListMatchContract,
  staticListRenameContract,
  type Endpoint,
  tokenCreateContract,
  tokenDeleteContract,
  tokenGetContract,
  tokenPreviewContract,
  tokenUpdateContract,
  personActivitiesContract,
  personCampaignMetricsContract,
  personCreateContract,
  personEmailSentContract,
  personGetContract,
  personProductUserListContract,
  personRemoveContract,
  personUnsubscribeStatusContract,
  personUnsubscribeToggleContract,
  personUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { uploadedPath } from './support/csv-upload';

/** Every call that takes an id answers 404 for another organisation's id, and changes nothing. */
describe('campaign-service tenant isolation', () => {
  let t: CampaignTestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let personId: string;
  let filepath: string;
  let listId: string;
  let listFile: string;
  let tokenId: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    owner = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    const created = await t.call(personCreateContract, { email: 'owned@example.com' }, owner).expect(200);
    personId = created.body.person_id as string;
    filepath = await uploadedPath(t, owner, 'email\nowned@example.com\nbad\nowned@example.com\n');
    await t.call(contactFileMatchContract, { filepath }, owner).expect(200);
    listId = (await t.call(staticListCreateContract, { name: 'Owned' }, owner).expect(200)).body.static_list
      .static_list_id;
    const upload = await t
      .http()
      .post('/api/campaign/v1/assets/static-list/contacts/file.upload')
      .set('Authorization', `Bearer ${owner.bearer}`)
      .field('static_list_id', listId)
      .attach('file', Buffer.from('email\nowned@example.com\n'), 'list.csv')
      .expect(200);
    listFile = upload.body.filepath as string;
    await t
      .call(staticListFileInsertContract, { static_list_id: listId, filename: listFile }, owner)
      .expect(200);
    const again = await t
      .http()
      .post('/api/campaign/v1/assets/static-list/contacts/file.upload')
      .set('Authorization', `Bearer ${owner.bearer}`)
      .field('static_list_id', listId)
      .attach('file', Buffer.from('email\nowned@example.com\n'), 'list.csv')
      .expect(200);
    listFile = again.body.filepath as string;
    tokenId = (await t.call(tokenCreateContract, { name: 'owned' }, owner).expect(200)).body.token
      .token_id as string;
    await t
      .call(
        tokenUpdateContract,
        { token_id: tokenId, token: '{{ person.email }}', description: 'Owned', default_value: 'x' },
        owner,
      )
      .expect(200);
    campaignId = (
      await t.call(campaignCreateContract, { name: 'Owned', campaign_context: 'person' }, owner).expect(200)
    ).body.campaign.campaign_id as string;
  });

  afterAll(async () => {
    await t?.close();
  });

  const snapshot = async () => [
    await t.sql('SELECT * FROM campaign.persons ORDER BY id'),
    await t.sql('SELECT id, status, preview, error FROM campaign.contact_imports ORDER BY id'),
    await t.sql('SELECT * FROM campaign.static_lists ORDER BY id'),
    await t.sql('SELECT * FROM campaign.static_list_members ORDER BY person_id'),
    await t.sql('SELECT * FROM campaign.email_tokens ORDER BY id'),
    await t.sql('SELECT * FROM campaign.campaigns ORDER BY id'),
  ];

  const personCalls: [string, Endpoint, () => Record<string, unknown>][] = [
    ['person.get', personGetContract, () => ({ person_id: personId })],
    [
      'person.update',
      personUpdateContract,
      () => ({ person_id: personId, default_fields: { first_name: 'Mallory' } }),
    ],
    ['person.remove', personRemoveContract, () => ({ contact_id: personId, email: 'owned@example.com' })],
    ['person.unsubscribe.status', personUnsubscribeStatusContract, () => ({ person_id: personId })],
    ['person.unsubscribe.toggle', personUnsubscribeToggleContract, () => ({ person_id: personId })],
    ['person.product-user.list', personProductUserListContract, () => ({ person_id: personId })],
    ['person.activities', personActivitiesContract, () => ({ person_id: personId })],
    ['person.campaign-metrics', personCampaignMetricsContract, () => ({ person_id: personId })],
    ['person.email-sent', personEmailSentContract, () => ({ person_id: personId })],
    ['contacts file.status', contactFileStatusContract, () => ({ filepath })],
    ['contacts file.match', contactFileMatchContract, () => ({ filepath })],
    ['contacts report.errors', contactErrorReportContract, () => ({ filepath })],
    ['contacts report.duplicates', contactDuplicateReportContract, () => ({ filepath })],
    ['contacts contacts.import', contactsImportContract, () => ({ filepath, enable_update: true })],
    ['contacts file.cancel', contactFileCancelContract, () => ({ filepath })],
    ['static-list list.get', staticListGetContract, () => ({ static_list_id: listId })],
    ['static-list list.rename', staticListRenameContract, () => ({ static_list_id: listId, name: 'Mine' })],
    ['static-list list.delete', staticListDeleteContract, () => ({ static_list_id: listId })],
    ['static-list contacts.list', staticListContactsListContract, () => ({ static_list_id: listId })],
    [
      'static-list contacts.remove',
      staticListContactsRemoveContract,
      () => ({ static_list_id: listId, emails: ['owned@example.com'] }),
    ],
    [
      'static-list contacts.remove-all',
      staticListContactsRemoveAllContract,
      () => ({ static_list_id: listId }),
    ],
    [
      'static-list contacts/file.status',
      staticListFileStatusContract,
      () => ({ static_list_id: listId, filepath: listFile }),
    ],
    [
      'static-list contacts/list.match',
      staticListMatchContract,
      () => ({ static_list_id: listId, filepath: listFile }),
    ],
    [
      'static-list contacts/file.insert',
      staticListFileInsertContract,
      () => ({ static_list_id: listId, filename: listFile }),
    ],
    ['email-tokens tokens.get', tokenGetContract, () => ({ token_id: tokenId })],
    [
      'email-tokens tokens.update',
      tokenUpdateContract,
      () => ({ token_id: tokenId, token: '{{ person.id }}', description: 'Mine', default_value: 'y' }),
    ],
    [
      'email-tokens tokens.preview',
      tokenPreviewContract,
      () => ({
        token_id: tokenId,
        person_ids: [{ id: personId, email: 'owned@example.com', org_id: null, product_user_id: null }],
      }),
    ],
    ['email-tokens tokens.delete', tokenDeleteContract, () => ({ token_id: tokenId })],
    ['campaigns get', campaignGetContract, () => ({ campaign_id: campaignId })],
    ['campaigns update', campaignUpdateContract, () => ({ campaign_id: campaignId, name: 'Mine' })],
    ['campaigns campaign.clone', campaignCloneContract, () => ({ campaign_id: campaignId })],
    [
      'campaigns draft.save',
      campaignDraftSaveContract,
      () => ({ campaign_id: campaignId, draft: { rule: { rule: 'once' } } }),
    ],
    ['campaigns draft.validate', campaignDraftValidateContract, () => ({ campaign_id: campaignId })],
    ['campaigns publish', campaignPublishContract, () => ({ campaign_id: campaignId, active: false })],
    ['campaigns draft.publish', campaignDraftPublishContract, () => ({ campaign_id: campaignId })],
    ['campaigns edit.start', campaignEditStartContract, () => ({ campaign_id: campaignId })],
    ['campaigns delete', campaignDeleteContract, () => ({ campaign_id: campaignId })],
  ];

  const writes = new Set<Endpoint>([
    personRemoveContract,
    personUpdateContract,
    personUnsubscribeToggleContract,
    contactsImportContract,
    contactFileCancelContract,
    contactFileMatchContract,
    staticListRenameContract,
    staticListDeleteContract,
    staticListContactsRemoveContract,
    staticListContactsRemoveAllContract,
    staticListFileInsertContract,
    tokenUpdateContract,
    tokenDeleteContract,
    campaignUpdateContract,
    campaignCloneContract,
    campaignDraftSaveContract,
    campaignPublishContract,
    campaignDraftPublishContract,
    campaignEditStartContract,
    campaignDeleteContract,
  ]);

  it("cannot use its own list id with another organisation's file, nor upload into another's list", async () => {
    const mine = (await t.call(staticListCreateContract, { name: 'Mine' }, stranger).expect(200)).body
      .static_list.static_list_id;
    const before = await snapshot();
    await t
      .call(staticListFileInsertContract, { static_list_id: mine, filename: listFile }, stranger)
      .expect(404);
    await t
      .http()
      .post('/api/campaign/v1/assets/static-list/contacts/file.upload')
      .set('Authorization', `Bearer ${stranger.bearer}`)
      .field('static_list_id', listId)
      .attach('file', Buffer.from('email\nowned@example.com\n'), 'list.csv')
      .expect(404);
    const after = await snapshot();
    expect(after[3]).toEqual(before[3]);
  });

  it.each(personCalls)(
    '%s answers 404 for another organisation and changes nothing',
    async (_name, contract, body) => {
      const before = await snapshot();
      const response = await t.call(contract, body(), stranger).expect(404);
      expect(response.body.code).toBe('NotFoundException');
      expect(await snapshot()).toEqual(before);
      // The owner still reaches it: the 404 is about the caller, not the id.
      if (!writes.has(contract)) {
        await t.call(contract, body(), owner).expect(200);
      }
    },
  );
});
