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
  for (const n of [1, 2, 3]) {
    okOrThrow(
      'person.create',
      await api.callApi(personCreateContract, { email: `person${n}@${account.domain}` }, token),
    );
  }
  okOrThrow('list.create', await api.callApi(staticListCreateContract, { name: 'Seeded list' }, token));
  okOrThrow(
    'templates/create',
    await api.callApi(templateCreateContract, { name: 'Seeded template', template_type: 'advanced' }, token),
  );
  okOrThrow(
    'campaigns/create',
    await api.callApi(campaignCreateContract, { name: 'Seeded campaign', campaign_context: 'person' }, token),
  );
  return { email: account.email, token };
}
