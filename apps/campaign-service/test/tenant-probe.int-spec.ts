import { type AllowedAnswer, type SmtpSink, startSmtpSink, tenantProbeSuite } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { seedCampaignOrganisation } from './support/tenant-seed';

/**
 * Answers other than 404 the spec gives when another organisation's id is in a slot. Each entry
 * names its reason; an answer not listed must be the 404.
 */
const ALLOWED: AllowedAnswer[] = [
  // Flow steps and branches are parts of the campaign named beside them: with the caller's own
  // campaign, a step or branch it does not hold is the spec's field error 'Flow step not found' /
  // 'Branch not found' (400); with another organisation's campaign it is the campaign's 404.
  {
    route: 'POST /campaigns/flow/action/add',
    slot: 'add_after_action_id',
    status: 400,
    why: 'Flow step not found',
  },
  {
    route: 'POST /campaigns/flow/action/add',
    slot: 'link_attributes.branch_id',
    status: 400,
    why: 'Branch not found',
  },
  // `branch_id` is the fallback of `link_attributes.branch_id`, which the caller's request sets:
  // the step goes into the caller's own branch and the other id is stored nowhere.
  {
    route: 'POST /campaigns/flow/action/add',
    slot: 'branch_id',
    status: 200,
    why: 'unread fallback field',
    check: (body, ownerId) => !JSON.stringify(body).includes(ownerId),
  },
  // Filters, not lookups: they narrow the caller's own rows, and match none with another's id.
  {
    route: 'POST /person.email-sent',
    slot: 'correlation_id',
    status: 200,
    why: "filters the caller's messages",
  },
  {
    route: 'POST /campaigns/dynamic-list/filter-type/filters.list',
    slot: 'campaign_id',
    status: 200,
    why: "excludes the campaign being edited from the caller's own choices",
  },
];

/** An audience query whose one leaf is membership of a static list (the id is filled in). */
const listMembership = () => ({
  conditions: [
    {
      type: 'group',
      name: 'Members',
      connector: '',
      children: [
        {
          type: 'filter',
          filter_type: 'list_membership',
          filter: 'static_list',
          operator: 'in',
          value: ['list'],
          connector: '',
        },
      ],
    },
  ],
});
for (const route of [
  'POST /assets/static-list/contacts/query.insert',
  'POST /assets/static-list/contacts/query.preview',
  'POST /campaigns/dynamic-list/preview',
])
  ALLOWED.push({
    route,
    slot: 'query.conditions[].children[].value[]',
    status: 200,
    why: "a list filter narrows the caller's own people",
  });
const MEMBERSHIP_SLOT = { path: 'query.conditions[].children[].value[]', kind: 'static-list' };

let t: CampaignTestApp;

/**
 * Every campaign-service route that takes an id, generated from the contracts: called as
 * organisation B with organisation A's ids in its id slots. New routes are covered as they are
 * declared; a new id kind fails here until the generator knows it (ID_KINDS) and the seed makes one.
 */
tenantProbeSuite('campaign', {
  async start() {
    // A test send reaches the sink, so B's own send.email is answered and A's id is what differs.
    const sink: SmtpSink = await startSmtpSink();
    try {
      t = await startCampaignTestApp({ SMTP_URL: sink.url });
    } catch (error) {
      await sink.close();
      throw error;
    }
    return {
      target: t.app.getHttpServer(),
      databaseUrl: t.db.url,
      newOrganisation: () => t.platform.newOrganisation(),
      close: async () => {
        await t.close();
        await sink.close();
      },
    };
  },
  seed: (who) => seedCampaignOrganisation(t, who),
  allow: ALLOWED,
  inputs: {
    'POST /assets/static-list/contacts/query.insert': () => ({
      static_list_id: 'list',
      query: listMembership(),
    }),
    'POST /assets/static-list/contacts/query.preview': () => ({ query: listMembership() }),
    'POST /campaigns/dynamic-list/preview': () => ({
      query: listMembership(),
      campaign_context: 'person',
    }),
  },
  // The list's upload is multipart: its contract declares no fields, the list id is a form field.
  uploads: {
    'POST /assets/static-list/contacts/file.upload': {
      field: 'file',
      filename: 'list.csv',
      content: 'email\nprobe@example.com\n',
    },
  },
  extraSlots: {
    'POST /assets/static-list/contacts/file.upload': [{ path: 'static_list_id', kind: 'static-list' }],
    'POST /assets/static-list/contacts/query.insert': [MEMBERSHIP_SLOT],
    'POST /assets/static-list/contacts/query.preview': [MEMBERSHIP_SLOT],
    'POST /campaigns/dynamic-list/preview': [MEMBERSHIP_SLOT],
  },
});
