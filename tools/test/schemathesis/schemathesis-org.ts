// The organisation the schemathesis tier calls as: a fresh one, registered and verified through
// the platform's own mail, its admin signed in, with a little data so lists and ids are not empty.
import {
  campaignCreateContract,
  personCreateContract,
  staticListCreateContract,
  templateCreateContract,
} from '@meridian/contracts';
import type * as Api from '../../../e2e/support/api';

export interface SignedInOrganisation {
  email: string;
  token: string;
  /** Ids of the seeded records, by the request field that names one (`campaign_id`, ...). */
  ids: Record<string, string>;
}

function okOrThrow(what: string, answer: { status: number; body: unknown }): void {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Registers, verifies and signs in a new organisation's admin on the platform at `baseUrl`, then seeds it. */
export async function signedInOrganisation(baseUrl: string): Promise<SignedInOrganisation> {
  // The browser tier's API helpers read the platform's address from the environment when loaded.
  process.env.E2E_BASE_URL = baseUrl;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require('../../../e2e/support/api') as typeof Api;
  const account = api.newAccount('schemathesis');
  await api.registerVerifiedAccount(account);
  const token = await api.loginByApi(account.email, account.password);
  const created = async <T>(what: string, answer: Promise<{ status: number; body: unknown }>) => {
    const result = await answer;
    okOrThrow(what, result);
    return result.body as T;
  };
  const ids: Record<string, string> = {};
  for (const n of [1, 2, 3]) {
    const person = await created<{ person_id: string }>(
      'person.create',
      api.callApi(personCreateContract, { email: `person${n}@${account.domain}` }, token),
    );
    ids.person_id = person.person_id;
  }
  const list = await created<{ static_list: { static_list_id: string } }>(
    'list.create',
    api.callApi(staticListCreateContract, { name: 'Seeded list' }, token),
  );
  ids.static_list_id = list.static_list.static_list_id;
  const template = await created<{ template: { template_id: string } }>(
    'templates/create',
    api.callApi(templateCreateContract, { name: 'Seeded template', template_type: 'advanced' }, token),
  );
  ids.template_id = template.template.template_id;
  const campaign = await created<{ campaign: { campaign_id: string } }>(
    'campaigns/create',
    api.callApi(campaignCreateContract, { name: 'Seeded campaign', campaign_context: 'person' }, token),
  );
  ids.campaign_id = campaign.campaign.campaign_id;
  return { email: account.email, token, ids };
}
