import '../styles';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import {
  WEBHOOK_REFRESH_MS,
  webhookMethodSchema,
  type Webhook,
  type WebhookMethod,
} from '@meridian/contracts';
import { IconArrowLeft, IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from '@/lib/router';
import { RecordUnavailable } from '@/components/record-unavailable';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { fieldErrorsOf } from '@/lib/error-handling';
import { formatDateTime } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useRenameWebhook, useUpdateWebhook, useWebhook, WEBHOOK_MESSAGES } from '../api/webhooks';
import { HeadersEditor } from '../components/headers-editor';
import { InsertPlaceholderMenu } from '../components/insert-placeholder-menu';
import { PayloadEditor, type PayloadEditorHandle } from '../components/payload-editor';
import { PreviewPanel } from '../components/preview-panel';
import { UnsavedChangesGuard } from '../components/unsaved-changes-guard';
import { WebhookNameModal } from '../components/webhook-name-modal';
import { timeAgo } from '../utils/relative-time';
import {
  hasUnsavedChanges,
  toChanges,
  toFormValues,
  validateWebhookForm,
  type WebhookFormValues,
} from '../utils/webhook-form';

/** /webhook/edit/:id: one webhook's request, and its preview for a contact. */
export function WebhookEditRoute() {
  const { id = '' } = useParams();
  const webhook = useWebhook(id);

  if (webhook.isPending) {
    return (
      <PageLayout title="Webhook">
        <Center py={120}>
          <Loader />
        </Center>
      </PageLayout>
    );
  }
  if (!webhook.data) {
    return (
      <PageLayout title="Webhook">
        <RecordUnavailable
          what="webhook"
          error={webhook.error}
          onRetry={() => void webhook.refetch()}
          back={{ to: protectedRoutes.webhooks.to(), label: 'All webhooks' }}
        />
      </PageLayout>
    );
  }
  return <WebhookEditor key={webhook.data.webhook_id} webhook={webhook.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={protectedRoutes.webhooks.to()} size="sm" mt={-12}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        All webhooks
      </Group>
    </Anchor>
  );
}

/** Spec 9: the last-saved time refreshes every 60 s. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), intervalMs);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  return now;
}

const METHODS = webhookMethodSchema.options.map((method) => ({ value: method, label: method }));

function WebhookEditor({ webhook }: { webhook: Webhook }) {
  const update = useUpdateWebhook(webhook.webhook_id);
  const rename = useRenameWebhook(webhook.webhook_id);
  const [renaming, setRenaming] = useState(false);
  const payloadEditor = useRef<PayloadEditorHandle>(null);
  const now = useNow(WEBHOOK_REFRESH_MS);
  const form = useForm<WebhookFormValues>({
    initialValues: toFormValues(webhook),
    validate: validateWebhookForm,
    validateInputOnChange: false,
  });
  const dirty = hasUnsavedChanges(form.values, webhook);
  const savedAt = webhook.updated_at;

  const save = form.onSubmit((values) =>
    update.mutate(
      { ...toChanges(values), timeout: webhook.timeout },
      {
        onSuccess: (saved) => {
          showSuccessToast(WEBHOOK_MESSAGES.updated);
          // The form shows what is stored now: trimmed, lower-case keys, blank rows gone.
          const stored = toFormValues(saved);
          form.setValues(stored);
          form.resetDirty(stored);
        },
        onError: (error) => {
          showErrorToast(WEBHOOK_MESSAGES.updateFailed);
          // The server's reason (an internal target, say) shows on its field.
          const { url } = fieldErrorsOf(error);
          if (url) form.setFieldError('url', url);
        },
      },
    ),
  );

  return (
    <PageLayout
      title={webhook.name}
      description={
        <Tooltip label={formatDateTime(savedAt)} position="bottom-start">
          <span data-testid="last-saved">
            Last saved {timeAgo(savedAt, Math.max(now, Date.parse(savedAt)))}
          </span>
        </Tooltip>
      }
      actions={
        <>
          {dirty ? (
            <Badge color="orange" variant="light" radius="sm" size="lg" tt="none" fw={500}>
              Unsaved changes
            </Badge>
          ) : null}
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button
            type="submit"
            form="webhook-form"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={update.isPending}
          >
            Save
          </Button>
        </>
      }
    >
      <BackLink />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper p="lg">
            <form id="webhook-form" noValidate onSubmit={save}>
              <Stack gap="lg">
                <TextInput
                  size="sm"
                  label="Description"
                  placeholder="What this webhook does, e.g. Adds the contact to the CRM"
                  key={form.key('description')}
                  {...form.getInputProps('description')}
                />
                <div>
                  <Title order={3} fz="sm" fw={600} mb={8}>
                    Request
                  </Title>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Select
                      size="sm"
                      w={120}
                      data={METHODS}
                      aria-label="Method"
                      allowDeselect={false}
                      checkIconPosition="right"
                      value={form.values.method}
                      onChange={(value) => value && form.setFieldValue('method', value as WebhookMethod)}
                      styles={{
                        input: { fontWeight: 600, fontFamily: 'var(--mantine-font-family-monospace)' },
                      }}
                    />
                    <TextInput
                      size="sm"
                      style={{ flex: 1 }}
                      placeholder="https://hooks.example.com/contacts"
                      aria-label="URL"
                      key={form.key('url')}
                      {...form.getInputProps('url')}
                    />
                  </Group>
                </div>
                <div>
                  <Title order={3} fz="sm" fw={600} mb={8}>
                    Headers
                  </Title>
                  <HeadersEditor
                    contentType={form.values.content_type}
                    contentTypeError={
                      typeof form.errors.content_type === 'string' ? form.errors.content_type : undefined
                    }
                    rows={form.values.headers}
                    onContentTypeChange={(value) => {
                      form.setFieldValue('content_type', value);
                      form.clearFieldError('content_type');
                    }}
                    onRowChange={(index, row) => {
                      form.replaceListItem('headers', index, row);
                      form.clearFieldError('headers');
                    }}
                    onAdd={() => form.insertListItem('headers', { key: '', value: '' })}
                    onRemove={(index) => form.removeListItem('headers', index)}
                  />
                  {typeof form.errors.headers === 'string' ? (
                    <Text size="xs" c="red.7" mt={6}>
                      {form.errors.headers}
                    </Text>
                  ) : null}
                </div>
                <div>
                  <Group justify="space-between" mb={8}>
                    <Title order={3} fz="sm" fw={600}>
                      Payload
                    </Title>
                    <Group gap="sm">
                      <Text size="xs" c="dimmed">
                        Personalise with contact fields and tokens
                      </Text>
                      <InsertPlaceholderMenu
                        onInsert={(placeholder) => payloadEditor.current?.insert(placeholder)}
                      />
                    </Group>
                  </Group>
                  <PayloadEditor
                    ref={payloadEditor}
                    value={form.values.payload}
                    onChange={(value) => {
                      form.setFieldValue('payload', value);
                      form.clearFieldError('payload');
                      form.clearFieldError('content_type');
                    }}
                  />
                  {typeof form.errors.payload === 'string' ? (
                    <Text size="xs" c="red.7" mt={6}>
                      {form.errors.payload}
                    </Text>
                  ) : null}
                </div>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PreviewPanel webhook={webhook} dirty={dirty} />
        </Grid.Col>
      </Grid>
      <UnsavedChangesGuard when={dirty} />
      <WebhookNameModal
        opened={renaming}
        title="Rename webhook"
        submitLabel="Save"
        initialName={webhook.name}
        saving={rename.isPending}
        onClose={() => setRenaming(false)}
        onSubmit={(name) =>
          rename.mutate(name, {
            onSuccess: () => {
              showSuccessToast(WEBHOOK_MESSAGES.renamed);
              setRenaming(false);
            },
          })
        }
      />
    </PageLayout>
  );
}
