import {
  contactEmailSchema,
  personLookupContract,
  settingsGetContract,
  type CampaignContext,
  type PersonLookupRow,
} from '@meridian/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Spec section 9: person lookup debounce. */
export const PERSON_LOOKUP_DEBOUNCE_MS = 1000;

/** Who a preview or test send is for: the person, and the org user to act as in an org context. */
export interface PersonSelection {
  person: PersonLookupRow;
  campaign_context: CampaignContext;
  /** The reference the preview and send calls take (spec 7 `person_ids` items). */
  ref: { id: string; email: string; org_id: string | null; product_user_id: string | null };
}

export type LookupState =
  | { status: 'idle' }
  | { status: 'invalid' }
  | { status: 'searching' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'found'; person: PersonLookupRow; orgUsers: PersonLookupRow[] };

const lookupKeys = {
  settings: ['person-lookup', 'settings'] as const,
  rows: (email: string, context: CampaignContext) => ['person-lookup', email, context] as const,
};

/** Org users are offered when the mapping links people to orgs and the row carries both ids. */
export function orgUserChoices(rows: readonly PersonLookupRow[]): PersonLookupRow[] {
  return rows.filter((row) => row.org_id !== null && row.product_user_id !== null);
}

/** The person behind `email`, looked up once typing pauses (spec 5 "Test email"). */
export function usePersonLookup(email: string): LookupState {
  const typed = email.trim();
  const [debounced] = useDebouncedValue(typed.toLowerCase(), PERSON_LOOKUP_DEBOUNCE_MS);
  const valid = debounced !== '' && contactEmailSchema.safeParse(debounced).success;

  const settings = useQuery({
    queryKey: lookupKeys.settings,
    queryFn: ({ signal }) => apiCall(settingsGetContract, {}, { signal, selfHandled: true }),
    staleTime: 60_000,
  });
  const orgContext =
    settings.data !== undefined && settings.data.settings.person_org_mapping !== 'one_to_none';

  const person = useQuery({
    queryKey: lookupKeys.rows(debounced, 'person'),
    queryFn: ({ signal }) =>
      apiCall(
        personLookupContract,
        { email: debounced, campaign_context: 'person' },
        { signal, selfHandled: true },
      ),
    enabled: valid,
  });
  const org = useQuery({
    queryKey: lookupKeys.rows(debounced, 'org'),
    queryFn: ({ signal }) =>
      apiCall(
        personLookupContract,
        { email: debounced, campaign_context: 'org' },
        { signal, selfHandled: true },
      ),
    enabled: valid && orgContext,
  });

  if (typed === '') return { status: 'idle' };
  if (typed.toLowerCase() !== debounced) return { status: 'searching' };
  if (!valid) return { status: 'invalid' };
  if (person.isError) return { status: 'failed' };
  if (person.isPending || (orgContext && org.isPending)) return { status: 'searching' };
  const found = person.data.rows[0];
  if (!found) return { status: 'not-found' };
  return { status: 'found', person: found, orgUsers: orgContext ? orgUserChoices(org.data?.rows ?? []) : [] };
}

export function selectionFor(person: PersonLookupRow, orgUser: PersonLookupRow | null): PersonSelection {
  const acting = orgUser ?? person;
  return {
    person,
    campaign_context: orgUser ? 'org' : 'person',
    ref: {
      id: person.id,
      email: person.email,
      org_id: acting.org_id,
      product_user_id: acting.product_user_id,
    },
  };
}
