import {
  campaignCreateContract,
  campaignDraftSaveContract,
  campaignEditStartContract,
  campaignPublishContract,
  type Flow,
  FLOW_ROOT,
} from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import type { Response } from 'supertest';
import { PersonalisationService } from '../../src/modules/assets/personalisation';
import type { CampaignTestApp } from './campaign-test-app';

/** A 200, or the answer's body in the failure (a refused draft says which part and why). */
const ok = (res: Response) => {
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
};

/** What the engine tests build campaigns from: persons, assets, and campaigns published over HTTP. */

type Node = Flow['nodes'][number];

/** A flow of steps one after another from the top. */
export function chain(...nodes: Omit<Node, 'is_deleted'>[]): Flow {
  const ids = nodes.map((n) => n.action_id);
  return {
    nodes: nodes.map((n) => ({ ...n, is_deleted: false })),
    links: ids.map((id, i) => ({ source: i === 0 ? FLOW_ROOT : ids[i - 1]!, target: id, attributes: {} })),
  };
}

export const mailStep = (actionId: string, templateId: string) => ({
  action_id: actionId,
  action_type: 'send_email' as const,
  action_options: {
    template_id: templateId,
    subject: 'Hello {{ person.first_name }}',
    from_email: { name: 'Acme News', email: 'news@acme.example' },
    reply_to: 'help@acme.example',
  },
});

export const listStep = (actionId: string, listId: string, remove = false) => ({
  action_id: actionId,
  action_type: remove ? ('remove_from_static_list' as const) : ('add_to_static_list' as const),
  action_options: { static_list_id: listId },
});

/** Everyone whose email ends with the domain. */
export const audienceOf = (domain: string) => ({
  query: {
    conditions: [
      {
        name: 'Audience',
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
});

export function engineFixture(t: CampaignTestApp) {
  /** `count` contacts at `domain` (p1@domain...), inserted set-based; their ids in email order. */
  async function persons(who: SignedIn, domain: string, count: number, firstName = 'Pat'): Promise<string[]> {
    const rows = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name)
       SELECT $1, 'p' || lpad(g::text, 5, '0') || '@' || $2, $3 FROM generate_series(1, $4) g
       RETURNING id`,
      [who.organisation.id, domain, firstName, count],
    );
    return rows.map((r) => r.id);
  }

  async function template(who: SignedIn): Promise<string> {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content)
       VALUES ($1, 'Engine mail', 'advanced', 'Hi', '<p>Hello {{ person.first_name }}</p>') RETURNING id`,
      [who.organisation.id],
    );
    return row!.id;
  }

  async function staticList(who: SignedIn, name: string): Promise<string> {
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.static_lists (organisation_id, name) VALUES ($1, $2) RETURNING id`,
      [who.organisation.id, name],
    );
    return row!.id;
  }

  async function listMembers(listId: string): Promise<string[]> {
    const rows = await t.sql<{ person_id: string }>(
      `SELECT person_id FROM campaign.static_list_members WHERE static_list_id = $1 ORDER BY person_id`,
      [listId],
    );
    return rows.map((r) => r.person_id);
  }

  /** Saves the parts as a draft (after 'Edit campaign' when it is active) and publishes it. */
  async function publish(
    who: SignedIn,
    campaignId: string,
    parts: { flow?: Flow; dynamic_list?: unknown; rule?: unknown; schedule?: unknown },
    active = true,
  ) {
    const { flow, ...rest } = parts;
    await t.call(campaignEditStartContract, { campaign_id: campaignId }, who).expect(ok);
    // The flow step calls own draft_data.flow; the flow is written the way they write it.
    if (flow)
      await t.sql(
        `UPDATE campaign.campaigns SET draft = true,
                draft_data = coalesce(draft_data, '{}'::jsonb) || $2::jsonb WHERE id = $1`,
        [campaignId, JSON.stringify({ flow })],
      );
    if (Object.keys(rest).length > 0)
      await t.call(campaignDraftSaveContract, { campaign_id: campaignId, draft: rest }, who).expect(ok);
    await t.call(campaignPublishContract, { campaign_id: campaignId, active }, who).expect(ok);
  }

  /** A new campaign published active with an at_once schedule: it runs now. */
  async function runNow(
    who: SignedIn,
    name: string,
    flow: Flow,
    domain: string,
    rule: unknown = { rule: 'once' },
  ): Promise<string> {
    const { body } = await t.call(campaignCreateContract, { name }, who).expect(200);
    const id = body.campaign.campaign_id as string;
    await publish(who, id, {
      flow,
      dynamic_list: audienceOf(domain),
      rule,
      schedule: { run_type: 'at_once' },
    });
    return id;
  }

  interface RunRow {
    id: string;
    state: string;
    state_reason: string | null;
    total_count: number;
  }

  async function runs(campaignId: string): Promise<RunRow[]> {
    return t.sql<RunRow>(
      `SELECT id, state, state_reason, total_count FROM campaign.campaign_runs
        WHERE campaign_id = $1 ORDER BY slot_time`,
      [campaignId],
    );
  }

  /** Waits until the campaign has `count` runs and the last is in one of `states`. */
  async function settledRun(campaignId: string, count = 1, states = ['finished', 'skipped', 'cancelled']) {
    return eventually(
      async () => {
        const all = await runs(campaignId);
        const last = all[count - 1];
        return all.length === count && last && states.includes(last.state) ? last : undefined;
      },
      { what: `run ${count} of the campaign to settle`, timeoutMs: 90_000, intervalMs: 200 },
    );
  }

  /** Each person's state in the run. */
  async function personStates(
    runId: string,
  ): Promise<Map<string, { state: string; outcome: string | null }>> {
    const rows = await t.sql<{ person_id: string; state: string; outcome: string | null }>(
      `SELECT person_id, state, outcome FROM campaign.run_persons WHERE run_id = $1`,
      [runId],
    );
    return new Map(rows.map((r) => [r.person_id, { state: r.state, outcome: r.outcome }]));
  }

  /** The run states its change events reported, in publish order. */
  async function runEvents(runId: string): Promise<string[]> {
    const rows = await t.sql<{ state: string }>(
      `SELECT payload ->> 'run_state' AS state FROM campaign.outbox
        WHERE name = 'campaign.run.changed.v1' AND payload ->> 'run_id' = $1 ORDER BY seq`,
      [runId],
    );
    return rows.map((r) => r.state);
  }

  /**
   * Waits until the render worker answers. In tests a worker compiles its TypeScript on first use,
   * which on a loaded machine can outlast the render deadline; the steps under test must not pay it.
   */
  async function warmRenderPool(who: SignedIn): Promise<void> {
    const [id] = await persons(who, 'warm-up.test', 1);
    await eventually(
      async () => {
        const [rendered] = await t.app.get(PersonalisationService).renderForPersons(who.organisation.id, {
          texts: { value: '{{ person.email }}' },
          persons: [{ id: id!, email: 'p00001@warm-up.test', org_id: null, product_user_id: null }],
          campaignContext: 'person',
        });
        return rendered?.texts.value === 'p00001@warm-up.test';
      },
      { what: 'the render worker to start', timeoutMs: 120_000, intervalMs: 500 },
    );
  }

  return {
    warmRenderPool,
    persons,
    template,
    staticList,
    listMembers,
    publish,
    runNow,
    runs,
    settledRun,
    personStates,
    runEvents,
  };
}
