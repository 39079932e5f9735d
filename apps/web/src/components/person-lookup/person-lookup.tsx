import type { PersonLookupRow } from '@meridian/contracts';
import { Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { selectionFor, usePersonLookup, type LookupState, type PersonSelection } from './use-person-lookup';

export interface PersonLookupFieldProps {
  label?: string;
  /** Called with the chosen person (and org user), or null while nobody valid is chosen. */
  onChange: (selection: PersonSelection | null) => void;
  /** Offer the 'Receive as a org-user' choice where the mapping allows it. Default true. */
  allowOrgUser?: boolean;
  autoFocus?: boolean;
}

const orgUserKey = (row: PersonLookupRow) => `${row.org_id ?? ''}\u0000${row.product_user_id ?? ''}`;
const displayName = (row: PersonLookupRow) => [row.first_name, row.last_name].filter(Boolean).join(' ');

function statusLine(state: LookupState) {
  switch (state.status) {
    case 'found': {
      const name = displayName(state.person);
      return (
        <Text size="xs" c="teal.9">
          {name ? `${name} (${state.person.email})` : state.person.email}
        </Text>
      );
    }
    case 'not-found':
      return (
        <Text size="xs" c="red.7">
          No contact with this email was found
        </Text>
      );
    case 'failed':
      return (
        <Text size="xs" c="red.7">
          The contact lookup failed. Try again.
        </Text>
      );
    case 'idle':
    case 'invalid':
    case 'searching':
      return null;
  }
}

/**
 * The 'Receive as' field of test sends and previews (spec 5 "Test email"): an email looked up once
 * typing pauses, and, where the person also has product users, the org user to act as.
 */
export function PersonLookupField({
  label = 'Receive as',
  onChange,
  allowOrgUser = true,
  autoFocus,
}: PersonLookupFieldProps) {
  const [email, setEmail] = useState('');
  const [asOrgUser, setAsOrgUser] = useState(false);
  const [orgUser, setOrgUser] = useState<string | null>(null);
  const state = usePersonLookup(email);
  const orgUsers = allowOrgUser && state.status === 'found' ? state.orgUsers : [];
  const chosenOrgUser = asOrgUser ? (orgUsers.find((row) => orgUserKey(row) === orgUser) ?? null) : null;
  const person = state.status === 'found' ? state.person : null;
  const selection = person && (!asOrgUser || chosenOrgUser) ? selectionFor(person, chosenOrgUser) : null;
  const selectionKey = selection ? `${selection.ref.id}|${selection.campaign_context}|${orgUser ?? ''}` : '';

  useEffect(() => {
    onChange(selection);
    // The key stands for the selection: report only real changes, not every render.
  }, [selectionKey]);

  useEffect(() => {
    if (orgUsers.length === 0) setAsOrgUser(false);
  }, [orgUsers.length]);

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder="name@company.com"
        type="email"
        autoComplete="off"
        autoFocus={autoFocus}
        value={email}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setOrgUser(null);
        }}
        error={state.status === 'invalid' ? 'Valid email is required' : undefined}
        rightSection={
          state.status === 'searching' ? (
            <Loader size="xs" aria-label="Looking up the contact" />
          ) : state.status === 'found' ? (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-label="Contact found" />
          ) : null
        }
      />
      {statusLine(state)}
      {orgUsers.length > 0 && (
        <Group gap="sm" align="flex-end">
          <Checkbox
            label="Receive as a org-user"
            checked={asOrgUser}
            onChange={(event) => setAsOrgUser(event.currentTarget.checked)}
          />
        </Group>
      )}
      {asOrgUser && orgUsers.length > 0 && (
        <Select
          label="Org user"
          placeholder="Choose the org user"
          required
          data={orgUsers.map((row) => ({
            value: orgUserKey(row),
            label: `${row.org_id ?? ''} · ${row.product_user_id ?? ''}`,
          }))}
          value={orgUser}
          onChange={setOrgUser}
          error={orgUser === null ? 'Select an org user' : undefined}
        />
      )}
    </Stack>
  );
}
