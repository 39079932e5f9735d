import { Button, Divider, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { webhookMessages, type Webhook } from '@meridian/contracts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { PersonLookupField, type PersonSelection } from '@/components/person-lookup';
import { showSuccessToast } from '@/lib/notify';
import { usePreviewWebhook, WEBHOOK_MESSAGES } from '../api/webhooks';
import { PreviewResult } from './preview-result';

export interface PreviewPanelProps {
  webhook: Webhook;
  /** The editor holds changes that are not saved yet. */
  dirty: boolean;
}

/** Why 'send request' is not available, or null when it is (spec 5: saved, not dirty, with a URL). */
export function previewBlocker(
  webhook: Pick<Webhook, 'url'>,
  dirty: boolean,
  person: PersonSelection | null,
): string | null {
  if (dirty || webhook.url.trim() === '') return webhookMessages.saveBeforePreview;
  if (!person) return webhookMessages.personRequired;
  return null;
}

/** Sends the saved webhook for a looked-up person and shows the request and the response. */
export function PreviewPanel({ webhook, dirty }: PreviewPanelProps) {
  const [person, setPerson] = useState<PersonSelection | null>(null);
  const preview = usePreviewWebhook();
  const blocker = previewBlocker(webhook, dirty, person);

  const send = () => {
    if (!person || blocker) return;
    preview.mutate(
      {
        url: webhook.url,
        method: webhook.method,
        headers: webhook.headers,
        payload: webhook.payload,
        timeout: webhook.timeout,
        person_ids: [person.ref],
        campaign_context: person.campaign_context,
      },
      {
        onSuccess: (result) => {
          if (result.response?.status_code === 200) showSuccessToast(WEBHOOK_MESSAGES.previewSuccessful);
        },
      },
    );
  };

  return (
    <Paper p="lg" data-testid="webhook-preview">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md">
            Preview
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            Send the saved webhook, personalised for one contact, and see what went out and what came back.
          </Text>
        </div>
        <PersonLookupField label="Preview as" onChange={setPerson} />
        <Group justify="flex-end">
          <Tooltip label={blocker} disabled={blocker === null} multiline w={260}>
            {/* A disabled button fires no pointer events: the wrapper keeps the tooltip working. */}
            <span>
              <Button
                leftSection={<IconSend size={16} />}
                disabled={blocker !== null}
                loading={preview.isPending}
                onClick={send}
              >
                send request
              </Button>
            </span>
          </Tooltip>
        </Group>
        {blocker === webhookMessages.saveBeforePreview ? (
          <Text size="xs" c="orange.8" ta="right" data-testid="preview-blocker">
            {webhookMessages.saveBeforePreview}
          </Text>
        ) : null}
        {preview.data ? (
          <>
            <Divider />
            <PreviewResult result={preview.data} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
