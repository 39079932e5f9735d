import { Group, Input, SegmentedControl, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useTemplateOptions } from '../flow-api';
import { optionFields } from './option-fields';
import type { StepPanelProps } from './types';

type SenderKey = 'from_name' | 'from_email' | 'reply_to';
const sources = [
  { value: 'text', label: 'Text' },
  { value: 'token', label: 'Token' },
];

function TemplateSelect(props: StepPanelProps) {
  const templates = useTemplateOptions();
  const f = optionFields(props);
  return (
    <Select
      label="Email template"
      placeholder={templates.isPending ? 'Loading…' : 'Select an email template'}
      data={templates.data ?? []}
      value={f.text('template_id') || null}
      onChange={(value) => f.set('template_id', value ?? '')}
      searchable
      disabled={templates.isPending}
      nothingFoundMessage="No email templates yet: create one under Emails."
      error={f.error('template_id') ?? (templates.isError ? 'Could not load the templates' : undefined)}
    />
  );
}

/** Spec 3: a sender field holds typed text or a token that fills it per person (sender_meta). */
function SenderField(
  props: StepPanelProps & {
    meta: SenderKey;
    label: string;
    value: string;
    error?: string;
    onValue(value: string): void;
  },
) {
  const meta = (props.options.sender_meta ?? {}) as Record<string, string | undefined>;
  const source = meta[props.meta] ?? 'text';
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Input.Label htmlFor={`sender-${props.meta}`}>{props.label}</Input.Label>
        <SegmentedControl
          size="xs"
          data={sources}
          value={source}
          aria-label={`${props.label} source`}
          onChange={(value) =>
            props.onChange({ ...props.options, sender_meta: { ...meta, [props.meta]: value } })
          }
        />
      </Group>
      <TextInput
        id={`sender-${props.meta}`}
        placeholder={source === 'token' ? '{{token_name}}' : undefined}
        value={props.value}
        onChange={(event) => props.onValue(event.currentTarget.value)}
        error={props.error}
      />
    </Stack>
  );
}

/** Send email: template, subject and the sender (name, from address, reply-to). */
export function SendEmailPanel(props: StepPanelProps) {
  const f = optionFields(props);
  const from = (props.options.from_email ?? {}) as { name?: string; email?: string };
  const setFrom = (key: 'name' | 'email', value: string) =>
    props.onChange({ ...props.options, from_email: { ...from, [key]: value } });
  return (
    <Stack gap="md">
      <TemplateSelect {...props} />
      <TextInput
        label="Subject"
        value={f.text('subject')}
        onChange={(event) => f.set('subject', event.currentTarget.value)}
        error={f.error('subject')}
      />
      <SenderField
        {...props}
        meta="from_name"
        label="Sender name"
        value={from.name ?? ''}
        onValue={(value) => setFrom('name', value)}
        error={f.error('from_email.name')}
      />
      <SenderField
        {...props}
        meta="from_email"
        label="Send from"
        value={from.email ?? ''}
        onValue={(value) => setFrom('email', value)}
        error={f.error('from_email.email')}
      />
      <SenderField
        {...props}
        meta="reply_to"
        label="Reply to"
        value={f.text('reply_to')}
        onValue={(value) => f.set('reply_to', value)}
        error={f.error('reply_to')}
      />
    </Stack>
  );
}

/** Send internal email alert: a template sent to the team's addresses, not to the person. */
export function InternalEmailPanel(props: StepPanelProps) {
  const f = optionFields(props);
  const emails = Array.isArray(props.options.internal_emails)
    ? (props.options.internal_emails as string[])
    : [];
  return (
    <Stack gap="md">
      <TemplateSelect {...props} />
      <TagsInput
        label="Send to"
        description="Team addresses; press Enter or type a comma after each"
        value={emails}
        onChange={(value) => f.set('internal_emails', value.map((email) => email.trim()).filter(Boolean))}
        splitChars={[',', ' ']}
        clearable
        error={f.error('internal_emails')}
      />
    </Stack>
  );
}
