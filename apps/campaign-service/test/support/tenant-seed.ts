import {
  campaignCreateContract,
  campaignEditStartContract,
  flowActionAddContract,
  personCreateContract,
  staticListCreateContract,
  staticListFileInsertContract,
  templateCreateContract,
  tokenCreateContract,
  tokenUpdateContract,
  webhookCreateContract,
} from '@meridian/contracts';
import { eventually, type IdsByKind, type SignedIn, uniqueSuffix } from '@meridian/testing';
import type { CampaignTestApp } from './campaign-test-app';
import { uploadedPath } from './csv-upload';

export interface SeededOrganisation {
  ids: IdsByKind;
  /** Texts only this organisation's data holds (names, emails). */
  texts: string[];
}

/** Walks a JSON value for the first object with `key` equal to `value`. */
function findObject(node: unknown, key: string, value: string): Record<string, unknown> | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const record = node as Record<string, unknown>;
  if (record[key] === value) return record;
  for (const child of Object.values(record)) {
    const found = findObject(child, key, value);
    if (found) return found;
  }
  return undefined;
}

/**
 * One real record of every id kind the campaign service's routes take, made through its API
 * (the email message, which only a run writes, through SQL as the engine writes it).
 */
export async function seedCampaignOrganisation(
  t: CampaignTestApp,
  who: SignedIn,
): Promise<SeededOrganisation> {
  const mark = `owned${uniqueSuffix()}`;
  const email = `${mark}@example.com`;
  const ok = async (contract: Parameters<CampaignTestApp['call']>[0], body: unknown) =>
    (await t.call(contract, body, who).expect(200)).body;

  const personId = (await ok(personCreateContract, { email })).person_id as string;
  const contactsUpload = await uploadedPath(t, who, `email\n${email}\n`);
  const listId = (await ok(staticListCreateContract, { name: `${mark} list` })).static_list
    .static_list_id as string;
  const uploadToList = async () =>
    (
      await t
        .http()
        .post('/api/campaign/v1/assets/static-list/contacts/file.upload')
        .set('Authorization', `Bearer ${who.bearer}`)
        .field('static_list_id', listId)
        .attach('file', Buffer.from(`email\n${email}\n`), 'list.csv')
        .expect(200)
    ).body.filepath as string;
  // The person becomes a member (so a list filter has someone to find), and a second upload waits.
  await ok(staticListFileInsertContract, { static_list_id: listId, filename: await uploadToList() });
  await eventually(
    async () =>
      Number(
        (
          await t.sql(`SELECT count(*) AS n FROM campaign.static_list_members WHERE static_list_id = $1`, [
            listId,
          ])
        )[0]!.n,
      ) > 0,
    { what: 'the list upload to be inserted' },
  );
  const listUpload = await uploadToList();
  const templateId = (await ok(templateCreateContract, { name: `${mark} template`, template_type: 'visual' }))
    .template.template_id as string;
  const tokenId = (await ok(tokenCreateContract, { name: mark })).token.token_id as string;
  // A token previews only once saved with its expression.
  await ok(tokenUpdateContract, {
    token_id: tokenId,
    token: '{{ person.email }}',
    description: `${mark} token`,
    default_value: 'x',
  });
  const webhookId = (await ok(webhookCreateContract, { name: `${mark} hook` })).webhook.webhook_id as string;
  const campaignId = (
    await ok(campaignCreateContract, { name: `${mark} campaign`, campaign_context: 'person' })
  ).campaign.campaign_id as string;
  await ok(campaignEditStartContract, { campaign_id: campaignId });
  const added = await ok(flowActionAddContract, { campaign_id: campaignId, action_type: 'branch_by_filter' });
  const actionId = added.action_id as string;
  const options = findObject(added.flow, 'action_id', actionId)?.action_options as Record<string, string>;

  const org = who.organisation.id;
  const [run] = await t.sql<{ id: string }>(
    `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
     VALUES ($1, $2, 1, 'recurring', now() - interval '1 day', 'finished') RETURNING id`,
    [org, campaignId],
  );
  const messageId = `<${mark}@example.com>`;
  await t.sql(
    `INSERT INTO campaign.email_messages (organisation_id, campaign_id, run_id, action_id, person_id, email,
       message_id, links, status, created_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '[]', 'sent', now(), now())`,
    [org, campaignId, run!.id, actionId, personId, email, messageId],
  );

  return {
    ids: {
      person: [personId],
      // The list's upload first: B's own fills the static-list routes' other slot.
      upload: [listUpload, contactsUpload],
      'static-list': [listId],
      template: [templateId],
      'email-token': [tokenId],
      webhook: [webhookId],
      campaign: [campaignId],
      'flow-action': [actionId],
      'flow-branch': [options.primary_branch_id!, options.default_branch_id!],
      'email-message': [messageId],
    },
    texts: [mark, email, who.email, who.organisation.domain],
  };
}
