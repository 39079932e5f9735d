import {
  Alert,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailSettingsMessages } from '@meridian/contracts';
import { IconAt, IconInfoCircle, IconLink, IconMail, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fieldErrorsOf } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useSaveEmailSettings } from '../api/save-email-settings';
import {
  type EmailSettingsForm as FormValues,
  formValues,
  PERSON_ORG_MAPPING_OPTIONS,
  type PersonOrgMapping,
  type SavedEmailSettings,
  savedMessage,
  saveSteps,
  toFormErrors,
  validateEmailSettings,
} from '../utils/email-settings-form';
import { SenderPreview } from './sender-preview';

function Section({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper p="lg">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box c="meridian.6" mt={2}>
            {icon}
          </Box>
          <Box>
            <Title order={3} fz="md">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          </Box>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export interface EmailSettingsFormProps {
  saved: SavedEmailSettings;
  activeDomains: string[];
  /** Admins change these settings; everyone else sees them read-only. */
  canEdit: boolean;
}

/** The global email configuration, the person/org mapping and the opt-out page, saved by one Save. */
export function EmailSettingsForm({ saved, activeDomains, canEdit }: EmailSettingsFormProps) {
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: formValues(saved, activeDomains),
    validate: (values) => validateEmailSettings(values),
  });
  const save = useSaveEmailSettings({ onSaved: (step) => showSuccessToast(savedMessage(step)) });
  const domainOptions = Array.from(new Set([...activeDomains, form.values.from_domain].filter(Boolean)));

  // With nothing saved yet, Save checks the empty form and shows what is required.
  const canSave = canEdit && (form.isDirty() || !saved.email);

  const submit = form.onSubmit((values) => {
    if (!canEdit) return;
    const steps = saveSteps(saved, values);
    if (steps.length === 0) {
      form.resetDirty(values);
      return;
    }
    save.mutate(steps, {
      onSuccess: () => {
        form.setInitialValues(values);
        form.resetDirty(values);
      },
      onError: (error) => form.setErrors(toFormErrors(fieldErrorsOf(error))),
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {!canEdit ? (
              <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
                {emailSettingsMessages.adminsOnly}.
              </Alert>
            ) : null}
            <Section
              icon={<IconMail size={20} stroke={1.7} />}
              title="Global email configuration"
              description="The sender of your campaign emails, unless an email step sets its own."
            >
              <TextInput
                label="Sender name"
                placeholder="Acme Marketing"
                withAsterisk
                readOnly={!canEdit}
                {...form.getInputProps('sender_name')}
              />
              <Input.Wrapper
                id="from-email-local"
                label="From email"
                description="Pick one of your active sender domains."
                withAsterisk
                error={form.errors.from_local}
                size="md"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start" mt={4}>
                  <TextInput
                    id="from-email-local"
                    placeholder="news"
                    style={{ flex: 1 }}
                    readOnly={!canEdit}
                    value={form.values.from_local}
                    onChange={(event) => form.setFieldValue('from_local', event.currentTarget.value)}
                    error={Boolean(form.errors.from_local)}
                  />
                  <Select
                    aria-label="Sender domain"
                    data={domainOptions}
                    allowDeselect={false}
                    disabled={!canEdit}
                    size="md"
                    w={{ base: 180, sm: 260 }}
                    leftSection={<IconAt size={16} />}
                    placeholder="Domain"
                    value={form.values.from_domain || null}
                    onChange={(value) => form.setFieldValue('from_domain', value ?? '')}
                  />
                </Group>
              </Input.Wrapper>
              <TextInput
                label="Reply-to"
                description="Where replies to campaign emails go."
                withAsterisk
                placeholder="support@acme.com"
                readOnly={!canEdit}
                {...form.getInputProps('reply_to')}
              />
            </Section>

            <Section
              icon={<IconUsersGroup size={20} stroke={1.7} />}
              title="Contacts and organizations"
              description="How contacts relate to organizations, which decides the campaign contexts on offer."
            >
              <Select
                label="Person/org mapping"
                size="md"
                allowDeselect={false}
                disabled={!canEdit}
                data={PERSON_ORG_MAPPING_OPTIONS.map(({ value, label }) => ({ value, label }))}
                description={
                  PERSON_ORG_MAPPING_OPTIONS.find((option) => option.value === form.values.person_org_mapping)
                    ?.description
                }
                value={form.values.person_org_mapping}
                onChange={(value) => {
                  if (value) form.setFieldValue('person_org_mapping', value as PersonOrgMapping);
                }}
              />
            </Section>

            <Section
              icon={<IconLink size={20} stroke={1.7} />}
              title="Email opt-out configuration page"
              description="Where people land after clicking the unsubscribe link of your emails."
            >
              <Checkbox
                label="Use custom configuration page URL"
                description="Otherwise they see Meridian's own confirmation page."
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
            </Section>

            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite">
                {form.isDirty() ? 'You have unsaved changes.' : saved.email ? 'All changes saved.' : ''}
              </Text>
              <Tooltip label={emailSettingsMessages.adminsOnly} disabled={canEdit}>
                {/* The wrapper keeps the tooltip working on a disabled button. */}
                <span>
                  <Button type="submit" size="md" loading={save.isPending} disabled={!canSave}>
                    Save
                  </Button>
                </span>
              </Tooltip>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SenderPreview values={form.values} activeDomains={activeDomains} />
        </Grid.Col>
      </Grid>
    </form>
  );
}
