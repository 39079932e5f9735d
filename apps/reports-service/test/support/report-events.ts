import { randomUUID } from 'node:crypto';
import {
  campaignChanged,
  campaignRunChanged,
  type CampaignRunState,
  emailEvents,
  type EmailEventName,
  type EventEnvelope,
} from '@meridian/contracts';
import { envelope } from './reports-test-app';

export const UA = {
  gmail: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  outlook: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.4266; Pro)',
  thunderbird: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0',
  scanner: 'Mozilla/5.0 (compatible; SafeLinks scanner)',
};

export interface TestCampaign {
  organisation_id: string;
  campaign_id: string;
  campaign_name: string;
}

export interface TestMessage extends TestCampaign {
  run_id: string;
  template_id: string | null;
  template_name: string | null;
  person_id: string;
  email: string;
  message_id: string;
  /** When the message was created, carried by each of its events (as the campaign service does). */
  message_created_at?: string;
}

/** Builds the events one campaign's messages would produce, with the times the test chooses. */
export function campaignEvents(campaign: TestCampaign) {
  const message = (
    run_id: string,
    template: { id: string; name: string } | null,
    n: number,
    createdAt?: string,
  ): TestMessage => ({
    ...campaign,
    ...(createdAt ? { message_created_at: createdAt } : {}),
    run_id,
    template_id: template?.id ?? null,
    template_name: template?.name ?? null,
    person_id: randomUUID(),
    email: `person-${n}@example.com`,
    message_id: `<${randomUUID()}@mail.example.com>`,
  });

  const email = (
    name: EmailEventName,
    m: TestMessage,
    occurred_at: string,
    extra: Record<string, unknown> = {},
  ): EventEnvelope =>
    envelope(emailEvents[name], {
      ...m,
      action_id: 'send-1',
      campaign_context: 'person',
      org_id: null,
      occurred_at,
      ...extra,
    } as never);

  return {
    message,
    email,
    opened: (m: TestMessage, at: string, ua: string, human = true) =>
      email('emailOpened', m, at, {
        user_agent: ua,
        human,
        non_human_reason: human ? null : 'scanner_user_agent',
      }),
    clicked: (m: TestMessage, at: string, url: string, ua: string, human = true) =>
      email('emailClicked', m, at, {
        url,
        user_agent: ua,
        human,
        non_human_reason: human ? null : 'instant_click',
      }),
    run: (
      run_id: string,
      run_time: string,
      run_state: CampaignRunState,
      total_count: number,
      occurred_at: string,
    ) => envelope(campaignRunChanged, { ...campaign, run_id, run_time, run_state, total_count, occurred_at }),
    changed: (name: string, deleted: boolean, occurred_at: string) =>
      envelope(campaignChanged, {
        organisation_id: campaign.organisation_id,
        campaign_id: campaign.campaign_id,
        name,
        deleted,
        occurred_at,
      }),
  };
}
