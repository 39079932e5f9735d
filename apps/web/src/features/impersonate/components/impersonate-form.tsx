import type { internalImpersonateContract, Organisation, ResponseOf } from '@meridian/contracts';
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconUserShare } from '@tabler/icons-react';
import { useState } from 'react';
import { tokenStorage } from '@/lib/auth-token';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useOrganisationAccounts } from '../api/get-organisation-accounts';
import { useImpersonate } from '../api/impersonate';
import {
  IMPERSONATION_SUCCESSFUL,
  impersonateFormSchema,
  personOption,
  type ImpersonateForm as ImpersonateValues,
} from '../utils/impersonate-form';

export interface ImpersonateFormProps {
  organisations: Organisation[];
  /** Called once the new session's token is stored. */
  onImpersonated: (answer: ResponseOf<typeof internalImpersonateContract>) => void;
}

/** Pick an organisation, then one of its people (shown by email), then impersonate. */
export function ImpersonateForm({ organisations, onImpersonated }: ImpersonateFormProps) {
  const impersonate = useImpersonate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ImpersonateValues>({
    mode: 'controlled',
    initialValues: { organisation_id: '', account_id: '' },
    validate: schemaResolver(impersonateFormSchema, { sync: true }),
  });
  const organisationId = form.values.organisation_id || null;
  const people = useOrganisationAccounts(organisationId, true);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    impersonate.mutate(impersonateFormSchema.parse(values), {
      onSuccess: (answer) => {
        tokenStorage.set(answer.token.token);
        showSuccessToast(IMPERSONATION_SUCCESSFUL);
        onImpersonated(answer);
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  });

  const personPlaceholder = !organisationId
    ? 'Pick an organization first'
    : people.isPending
      ? 'Loading people…'
      : people.isError
        ? 'People could not be loaded'
        : people.data.length === 0
          ? 'This organization has nobody yet'
          : 'Search by email';

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {failure ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            withCloseButton
            onClose={() => setFailure(null)}
          >
            {failure}
          </Alert>
        ) : null}
        <Select
          size="md"
          label="Organization"
          placeholder="Search organizations"
          searchable
          nothingFoundMessage="No organization matches"
          data={organisations.map((organisation) => ({
            value: organisation.id,
            label: `${organisation.name} (${organisation.domain})`,
          }))}
          {...form.getInputProps('organisation_id')}
          value={form.values.organisation_id || null}
          onChange={(value) => {
            form.setFieldValue('organisation_id', value ?? '');
            form.setFieldValue('account_id', '');
          }}
        />
        <Select
          size="md"
          label="Person"
          placeholder={personPlaceholder}
          searchable
          nothingFoundMessage="Nobody matches"
          disabled={!organisationId || people.isPending || people.isError}
          data={people.data?.map(personOption) ?? []}
          {...form.getInputProps('account_id')}
          value={form.values.account_id || null}
          onChange={(value) => form.setFieldValue('account_id', value ?? '')}
        />
        {people.isError ? (
          <Text size="sm" c="red">
            {errorMessage(people.error)}{' '}
            <Text
              component="button"
              type="button"
              size="sm"
              c="meridian"
              fw={600}
              onClick={() => void people.refetch()}
              style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
            >
              Try again
            </Text>
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          You act as this person until the impersonation session expires or you log out. Everything you do is
          recorded under your name.
        </Text>
        <Button
          type="submit"
          leftSection={<IconUserShare size={18} />}
          loading={impersonate.isPending}
          w="fit-content"
        >
          Impersonate
        </Button>
      </Stack>
    </form>
  );
}
