import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ADMINS_ONLY_API_KEYS } from '@meridian/contracts';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { showSuccessToast } from '@/lib/notify';
import { useRefreshSegmentApiKey, useSegmentApiKey } from '../api/segment-api-key';
import { ApiKeyModal } from './api-key-modal';
import { SetupSnippet } from './setup-snippet';

export const API_KEY_MESSAGES = {
  refreshConfirm:
    'A new API key ends the current one: Segment sources still sending with it will be refused. Refresh the API key?',
  firstConfirm: 'The new API key is shown once and cannot be viewed again after closing. Issue it now?',
  refreshed: 'API key refreshed',
  created: 'API key created',
} as const;

export interface ApiKeyCardProps {
  /** Only admins issue keys (decisions, "Admin-only actions"). */
  canManage: boolean;
  /** This Meridian's origin: where Segment libraries send. */
  host: string;
}

/** The organisation's Segment write key: which one is current, and 'Refresh API Keys'. */
export function ApiKeyCard({ canManage, host }: ApiKeyCardProps) {
  const current = useSegmentApiKey();
  const refresh = useRefreshSegmentApiKey();
  const [shown, setShown] = useState<string | null>(null);
  const hasKey = Boolean(current.data);

  const issue = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        showSuccessToast(hasKey ? API_KEY_MESSAGES.refreshed : API_KEY_MESSAGES.created);
        setShown(answer.api_key.key);
      },
    });

  // Spec: 'Refresh API Keys' with confirm, the first key too (it is shown only once).
  const onRefresh = () =>
    modals.openConfirmModal({
      title: (
        <Title order={3} fz="lg">
          Refresh API Keys
        </Title>
      ),
      children: (
        <Text size="sm">{hasKey ? API_KEY_MESSAGES.refreshConfirm : API_KEY_MESSAGES.firstConfirm}</Text>
      ),
      labels: { confirm: 'Refresh', cancel: 'Cancel' },
      // Only a refresh ends something.
      confirmProps: hasKey ? { color: 'red' } : undefined,
      onConfirm: issue,
    });

  return (
    <Paper p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconKey
              size={20}
              stroke={1.7}
              color="var(--mantine-color-meridian-6)"
              style={{ marginTop: 2 }}
            />
            <div>
              <Title order={3} fz="md">
                API key
              </Title>
              <Text size="sm" c="dimmed" mt={2}>
                Segment sends with this write key. It is shown once, when it is issued.
              </Text>
            </div>
          </Group>
          <Tooltip label={ADMINS_ONLY_API_KEYS} disabled={canManage}>
            {/* The wrapper keeps the tooltip working on a disabled button. */}
            <span>
              <Button
                leftSection={<IconRefresh size={16} />}
                variant={hasKey ? 'default' : 'filled'}
                onClick={onRefresh}
                loading={refresh.isPending}
                disabled={!canManage || current.isPending || current.isError}
              >
                Refresh API Keys
              </Button>
            </span>
          </Tooltip>
        </Group>
        <KeyStatus state={current} />
        <SetupSnippet host={host} writeKey="YOUR_WRITE_KEY" />
      </Stack>
      <ApiKeyModal apiKey={shown} host={host} onClose={() => setShown(null)} />
    </Paper>
  );
}

function KeyStatus({ state }: { state: ReturnType<typeof useSegmentApiKey> }) {
  if (state.isPending)
    return <Skeleton height={20} width="60%" radius="xl" aria-label="Loading the API key" />;
  if (state.isError)
    return (
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="red.8">
          The API key could not be loaded.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void state.refetch()}
        >
          Try again
        </Button>
      </Group>
    );
  if (!state.data) {
    return <Text size="sm">No API key yet: &apos;Refresh API Keys&apos; issues the first one.</Text>;
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" color="teal">
        Active
      </Badge>
      <Text size="sm">
        Key{' '}
        <Text span ff="monospace">
          {state.data.prefix}…
        </Text>
        , issued {formatDateTime(state.data.time_created)}
      </Text>
    </Group>
  );
}
