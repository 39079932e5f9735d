import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { SavedTokenOption } from '../api/saved-tokens';
import { senderSettingsSchema, type SenderField, type SenderSettings } from '../utils/sender-settings';

const FIELDS: { field: SenderField; label: string; placeholder: string; description?: string }[] = [
  { field: 'from_name', label: 'Sender name', placeholder: 'e.g. Acme Team' },
  { field: 'from_email', label: 'From email', placeholder: 'hello@acme.com' },
  {
    field: 'reply_to',
    label: 'Reply-to',
    placeholder: 'support@acme.com',
    description: 'Optional. Replies go to the from email when empty.',
  },
];

export interface EmailSettingsModalProps {
  opened: boolean;
  initial: SenderSettings;
  tokens: SavedTokenOption[];
  onClose: () => void;
  onApply: (settings: SenderSettings) => void;
}

/** Who the email comes from: sender name, from email and reply-to, each typed or from a token. */
export function EmailSettingsModal({ opened, initial, tokens, onClose, onApply }: EmailSettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Email settings" size="lg">
      {/* Mounted per opening, so the form starts from the editor's current settings. */}
      {opened ? (
        <SettingsForm initial={initial} tokens={tokens} onCancel={onClose} onApply={onApply} />
      ) : null}
    </Modal>
  );
}

function SettingsForm(props: {
  initial: SenderSettings;
  tokens: SavedTokenOption[];
  onCancel: () => void;
  onApply: (settings: SenderSettings) => void;
}) {
  const form = useForm<SenderSettings>({
    mode: 'controlled',
    initialValues: props.initial,
    validate: schemaResolver(senderSettingsSchema, { sync: true }),
  });
  const tokenData = props.tokens.map((token) => ({ value: token.name, label: token.name }));
  return (
    <form noValidate onSubmit={form.onSubmit((values) => props.onApply(values))}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Type a value, or take it from a token so each recipient gets their own.
        </Text>
        {FIELDS.map(({ field, label, placeholder, description }) => {
          const type = form.values[field].type;
          return (
            <Stack key={field} gap={6}>
              <Group justify="space-between" align="flex-end">
                <Text size="sm" fw={500} component="label" htmlFor={`sender-${field}`}>
                  {label}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-label={`${label} source`}
                  value={type}
                  onChange={(value) => {
                    form.setFieldValue(`${field}.type`, value as 'text' | 'token');
                    form.setFieldValue(`${field}.value`, '');
                  }}
                  data={[
                    { value: 'text', label: 'Text' },
                    { value: 'token', label: 'Token' },
                  ]}
                />
              </Group>
              {type === 'text' ? (
                <TextInput
                  id={`sender-${field}`}
                  aria-label={label}
                  placeholder={placeholder}
                  description={description}
                  {...form.getInputProps(`${field}.value`)}
                />
              ) : (
                <Select
                  id={`sender-${field}`}
                  aria-label={label}
                  placeholder="Choose a token"
                  data={tokenData}
                  searchable
                  nothingFoundMessage="No tokens available"
                  {...form.getInputProps(`${field}.value`)}
                  onChange={(value) => form.setFieldValue(`${field}.value`, value ?? '')}
                />
              )}
            </Stack>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit">Apply</Button>
        </Group>
      </Stack>
    </form>
  );
}
