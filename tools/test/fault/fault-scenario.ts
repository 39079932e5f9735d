import {
  campaignCreateContract,
  campaignDraftSaveContract,
  campaignEditStartContract,
  campaignPublishContract,
  type Endpoint,
  flowActionAddContract,
  flowActionUpdateContract,
  templateCreateContract,
  templateUpdateContract,
} from '@meridian/contracts';
import { call, ok, type SignedIn } from '@meridian/testing';
import type { Client } from 'pg';

export const PERSON_DOMAIN = 'fault.example';
export const OFFER_URL = 'https://shop.example.com/offer?ref=fault';
const SENDER = 'news@demo.meridian.dev';

/** A template with personalisation, one tracked link and the unsubscribe link. */
const CONTENT = `<html><body>
<p>Hello {{ person.first_name }},</p>
<p>Our <a href="${OFFER_URL}">autumn offer</a> is open.</p>
<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>
</body></html>`;

async function as<T>(baseUrl: string, who: SignedIn, contract: Endpoint, body: unknown): Promise<T> {
  return ok(await call(baseUrl, contract, body, { token: who.bearer })).body as T;
}

/** The organisation's persons, in one statement. */
export async function insertPersons(db: Client, organisationId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name)
     SELECT $1, 'p' || g || '@${PERSON_DOMAIN}', 'Person', 'No ' || g FROM generate_series(1, $2::int) g`,
    [organisationId, count],
  );
  await db.query('ANALYZE campaign.persons');
}

/**
 * Builds the campaign the way a user does, through the service's own calls: template, a flow
 * with one send-email step, an audience of every person of the fault domain, an at_once
 * schedule; returns its id. `publish` makes it live (the run starts then).
 */
export async function prepareCampaign(baseUrl: string, who: SignedIn, seed: number) {
  const { template } = await as<{ template: { template_id: string } }>(baseUrl, who, templateCreateContract, {
    name: `Fault seed ${seed}`,
    template_type: 'advanced',
    content: CONTENT,
  });
  const templateId = template.template_id;
  await as(baseUrl, who, templateUpdateContract, { template_id: templateId, subject: 'Autumn offer' });
  const { campaign } = await as<{ campaign: { campaign_id: string } }>(baseUrl, who, campaignCreateContract, {
    name: `Fault seed ${seed}`,
  });
  const campaignId = campaign.campaign_id;
  // A new campaign starts active; 'Edit campaign' makes it editable until it is published.
  await as(baseUrl, who, campaignEditStartContract, { campaign_id: campaignId });
  const step = await as<{ action_id: string }>(baseUrl, who, flowActionAddContract, {
    campaign_id: campaignId,
    action_type: 'send_email',
  });
  await as(baseUrl, who, flowActionUpdateContract, {
    campaign_id: campaignId,
    action_id: step.action_id,
    action_options: {
      template_id: templateId,
      subject: 'Autumn offer for {{ person.first_name }}',
      from_email: { name: 'Fault News', email: SENDER },
      reply_to: SENDER,
    },
  });
  await as(baseUrl, who, campaignDraftSaveContract, {
    campaign_id: campaignId,
    draft: {
      dynamic_list: {
        query: {
          conditions: [
            {
              type: 'group',
              name: 'Everyone',
              connector: '',
              children: [
                {
                  type: 'filter',
                  filter_type: 'person',
                  filter: 'email',
                  operator: 'ends_with',
                  value: [`@${PERSON_DOMAIN}`],
                  connector: '',
                },
              ],
            },
          ],
        },
      },
      schedule: { run_type: 'at_once' },
      rule: { rule: 'once' },
    },
  });
  return {
    campaignId,
    publish: () => as(baseUrl, who, campaignPublishContract, { campaign_id: campaignId, active: true }),
  };
}
