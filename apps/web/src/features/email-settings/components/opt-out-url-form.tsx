import '../styles';
import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailSettingsMessages, type UnsubUrl } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { unsubUrlQueryOptions } from '../api/get-email-settings';
import { useSaveUnsubUrl } from '../api/save-unsub-url';
import { savedMessage, unsubUrlStep, validateUnsubUrl } from '../utils/email-settings-form';

interface OptOutValues {
  custom_url: boolean;
  url: string;
}

export interface OptOutUrlFormProps {
  /** Admins change the opt-out page; everyone else sees it read-only. */
  canEdit: boolean;
}

/**
 * The 'Email opt-out configuration page' form standing alone, with its own 'Save URL'
 * (decisions, "Email settings"): the same calls and checks as on /email-settings.
 */
export function OptOutUrlForm({ canEdit }: OptOutUrlFormProps) {
  const unsub = useQuery(unsubUrlQueryOptions());
  if (unsub.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the opt-out page setting">
        <Skeleton height={18} width="50%" radius="xl" />
        <Skeleton height={40} radius="md" />
      </Stack>
    );
  }
  if (unsub.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="The opt-out page setting could not be loaded"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(unsub.error)}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => void unsub.refetch()}
            loading={unsub.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <OptOutFields saved={unsub.data.unsub_url} canEdit={canEdit} />;
}

function OptOutFields({ saved, canEdit }: { saved: UnsubUrl | null; canEdit: boolean }) {
  const form = useForm<OptOutValues>({
    mode: 'controlled',
    initialValues: { custom_url: saved?.customUrl ?? false, url: saved?.url ?? '' },
    validate: validateUnsubUrl,
  });
  const save = useSaveUnsubUrl();

  const submit = form.onSubmit((values) => {
    if (!canEdit) return;
    const step = unsubUrlStep(saved, values);
    if (!step) {
      form.resetDirty(values);
      return;
    }
    save.mutate(step, {
      onSuccess: () => {
        showSuccessToast(savedMessage(step));
        form.setInitialValues(values);
        form.resetDirty(values);
      },
      onError: (error) => {
        const url = fieldErrorsOf(error).url;
        if (url) form.setFieldError('url', url);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Email opt-out configuration page">
      <Stack gap="md">
        <Checkbox
          label="Use custom configuration page URL"
          description="Otherwise people who unsubscribe see Meridian's own confirmation page."
          disabled={!canEdit}
          {...form.getInputProps('custom_url', { type: 'checkbox' })}
        />
        <TextInput
          label="URL"
          placeholder="https://www.acme.com/email-preferences"
          disabled={!form.values.custom_url}
          readOnly={!canEdit}
          {...form.getInputProps('url')}
        />
        <Group justify="flex-end">
          <Tooltip label={emailSettingsMessages.adminsOnly} disabled={canEdit}>
            {/* The wrapper keeps the tooltip working on a disabled button. */}
            <span>
              <Button type="submit" loading={save.isPending} disabled={!canEdit || !form.isDirty()}>
                Save URL
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
