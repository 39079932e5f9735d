import {
  campaignCreateContract,
  campaignDraftSaveContract,
  campaignEditStartContract,
  campaignPublishContract,
  flowActionAddContract,
  flowActionUpdateContract,
  personCreateContract,
  personUpdateContract,
  templateCreateContract,
  templateUpdateContract,
} from '@meridian/contracts';
import { callApi } from './api';
import type { CapturedMail } from './mails';

export async function ok<T>(answer: Promise<{ status: number; body: unknown }>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body as T;
}

export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  limitMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${limitMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every href and src of a mail, as written (tracked links, the open pixel). */
export const hrefs = (mail: CapturedMail) =>
  [...(mail.html ?? '').matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

export interface MailCampaign {
  campaignId: string;
  /** The address of the i-th contact (all at the campaign's own domain). */
  address(i: number): string;
  /** The id of the i-th contact. */
  personId(i: number): string;
  /** Publishes the campaign (again): 'Edit campaign', then publish active. */
  publish(): Promise<void>;
}

/**
 * Contacts `Reader0..` at a domain of their own and an at_once, every_time campaign with one
 * send-email step to them; the template links to `links` and carries the unsubscribe link.
 * Published by `publish()`.
 */
export async function createMailCampaign(
  token: string,
  options: { run: string; people: number; links: string[] },
): Promise<MailCampaign> {
  const { run, people, links } = options;
  const domain = `run-${run}.e2e.meridian.dev`;
  const address = (i: number) => `p${String(i).padStart(2, '0')}@${domain}`;
  const personIds: string[] = [];
  for (let i = 0; i < people; i += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, people - i) }, async (_, k) => {
        const created = await ok<{ person_id: string }>(
          callApi(personCreateContract, { email: address(i + k) }, token),
        );
        personIds[i + k] = created.person_id;
        await ok(
          callApi(
            personUpdateContract,
            { person_id: created.person_id, default_fields: { first_name: `Reader${i + k}` } },
            token,
          ),
        );
      }),
    );
  const template = await ok<{ template: { template_id: string } }>(
    callApi(templateCreateContract, { name: `Run mail ${run}`, template_type: 'advanced' }, token),
  );
  const templateId = template.template.template_id;
  const anchors = links.map((url, i) => `<a href="${url}">link ${i + 1}</a>`).join(' or ');
  await ok(
    callApi(
      templateUpdateContract,
      {
        template_id: templateId,
        subject: 'News for {{ person.first_name }}',
        content:
          `<html><body><p>Hello {{ person.first_name }},</p>` +
          `<p>${anchors}.</p>` +
          `<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p></body></html>`,
      },
      token,
    ),
  );
  const created = await ok<{ campaign: { campaign_id: string } }>(
    callApi(campaignCreateContract, { name: `Run ${run}` }, token),
  );
  const campaignId = created.campaign.campaign_id;
  await ok(callApi(campaignEditStartContract, { campaign_id: campaignId }, token));
  const step = await ok<{ action_id: string }>(
    callApi(flowActionAddContract, { campaign_id: campaignId, action_type: 'send_email' }, token),
  );
  await ok(
    callApi(
      flowActionUpdateContract,
      {
        campaign_id: campaignId,
        action_id: step.action_id,
        action_options: {
          template_id: templateId,
          subject: 'News for {{ person.first_name }}',
          from_email: { name: 'Meridian News', email: 'news@demo.meridian.dev' },
          reply_to: 'help@demo.meridian.dev',
        },
      },
      token,
    ),
  );
  await ok(
    callApi(
      campaignDraftSaveContract,
      {
        campaign_id: campaignId,
        draft: {
          dynamic_list: {
            query: {
              conditions: [
                {
                  name: 'Readers',
                  connector: '',
                  children: [
                    {
                      type: 'filter',
                      filter_type: 'person',
                      filter: 'email',
                      operator: 'ends_with',
                      value: [`@${domain}`],
                      connector: '',
                    },
                  ],
                },
              ],
            },
          },
          rule: { rule: 'every_time' },
          schedule: { run_type: 'at_once' },
        },
      },
      token,
    ),
  );
  let published = false;
  return {
    campaignId,
    address,
    personId: (i) => personIds[i]!,
    publish: async () => {
      if (published) await ok(callApi(campaignEditStartContract, { campaign_id: campaignId }, token));
      published = true;
      await ok(callApi(campaignPublishContract, { campaign_id: campaignId, active: true }, token));
    },
  };
}
