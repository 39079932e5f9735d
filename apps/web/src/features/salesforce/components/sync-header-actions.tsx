import { Anchor, Button, Group, Modal, Popover, Stack, Text } from '@mantine/core';
import { unifiedMappingMessages, type SalesforceConnection } from '@meridian/contracts';
import { IconPlayerPause, IconPlayerPlay, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { showSuccessToast } from '@/lib/notify';
import { useMappingReadiness, useSalesforceSyncSwitch, type SyncSwitch } from '../api/salesforce-connection';
import { SALESFORCE_TEXTS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';
import { syncButtonState } from '../utils/sync-switch';
import { AdminOnly } from './admin-only';
import { DisconnectModal } from './disconnect-modal';

const SWITCH_TOASTS: Record<SyncSwitch, string> = {
  start: SALESFORCE_TOASTS.started,
  pause: SALESFORCE_TOASTS.paused,
  resume: SALESFORCE_TOASTS.resumed,
};

/** Starts, pauses or resumes, with the spec's toast. Shared by the header and the paused banner. */
export function useSyncSwitchAction(connectionId: string) {
  const sync = useSalesforceSyncSwitch(connectionId);
  return {
    pending: sync.isPending,
    // The call's own promise, not mutate's callbacks: those are dropped when the button that
    // asked goes away first (the paused banner leaves as soon as the answer is stored).
    run: (action: SyncSwitch, onDone?: () => void) =>
      void sync.mutateAsync(action).then(
        () => {
          showSuccessToast(SWITCH_TOASTS[action]);
          onDone?.();
        },
        // The failure's toast is the shared handling's.
        () => undefined,
      ),
  };
}

/** Spec 2 and 4: the header's Start Sync / Pause sync / Resume sync and Disconnect. */
export function SyncHeaderActions({
  connection,
  canEdit,
}: {
  connection: SalesforceConnection;
  canEdit: boolean;
}) {
  const readiness = useMappingReadiness(connection.connection_id);
  const sync = useSyncSwitchAction(connection.connection_id);
  const [confirm, setConfirm] = useState<'start' | 'pause' | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const state = syncButtonState(connection, readiness.data?.mappedCount ?? 0);
  const syncButton =
    state.action === 'start' ? (
      <StartSyncButton
        blocked={state.blocked || !readiness.data}
        canEdit={canEdit}
        onStart={() => setConfirm('start')}
      />
    ) : (
      <AdminOnly canEdit={canEdit}>
        <Button
          variant={state.action === 'pause' ? 'default' : 'filled'}
          leftSection={
            state.action === 'pause' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
          }
          disabled={!canEdit}
          loading={sync.pending}
          onClick={() => (state.action === 'pause' ? setConfirm('pause') : sync.run('resume'))}
        >
          {state.label}
        </Button>
      </AdminOnly>
    );
  return (
    <Group gap="sm">
      {syncButton}
      <AdminOnly canEdit={canEdit}>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconPlugConnectedX size={16} />}
          disabled={!canEdit}
          onClick={() => setDisconnecting(true)}
        >
          {SALESFORCE_TEXTS.disconnect}
        </Button>
      </AdminOnly>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'pause' ? 'Pause sync?' : `${SALESFORCE_TEXTS.startSyncNow}?`}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text size="sm">
            {confirm === 'pause'
              ? 'Nothing is read from or written to Salesforce until you resume. Changes made meanwhile sync then.'
              : 'Leads and contacts start syncing both ways with the mapping as it is now.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              loading={sync.pending}
              onClick={() => confirm && sync.run(confirm, () => setConfirm(null))}
            >
              {confirm === 'pause' ? SALESFORCE_TEXTS.pauseSync : SALESFORCE_TEXTS.startSyncNow}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <DisconnectModal
        connection={connection}
        opened={disconnecting}
        onClose={() => setDisconnecting(false)}
      />
    </Group>
  );
}

/**
 * 'Start Sync' waits for a mapped person field. Blocked, it stays focusable (not `disabled`) so a
 * keyboard user can open the popover that explains why and links to the mapping.
 */
function StartSyncButton(props: { blocked: boolean; canEdit: boolean; onStart: () => void }) {
  const [explaining, setExplaining] = useState(false);
  if (!props.canEdit) {
    return (
      <AdminOnly canEdit={false}>
        <Button disabled leftSection={<IconPlayerPlay size={16} />}>
          {SALESFORCE_TEXTS.startSync}
        </Button>
      </AdminOnly>
    );
  }
  if (!props.blocked) {
    return (
      <Button leftSection={<IconPlayerPlay size={16} />} onClick={props.onStart}>
        {SALESFORCE_TEXTS.startSync}
      </Button>
    );
  }
  return (
    <Popover
      opened={explaining}
      onChange={setExplaining}
      width={280}
      withArrow
      position="bottom-end"
      trapFocus={false}
    >
      <Popover.Target>
        <Button
          data-disabled
          aria-disabled
          aria-haspopup="dialog"
          aria-expanded={explaining}
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => setExplaining((open) => !open)}
          onMouseEnter={() => setExplaining(true)}
        >
          {SALESFORCE_TEXTS.startSync}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{unifiedMappingMessages.nothingMapped}.</Text>
          <Anchor component={Link} to={protectedRoutes.crmData.to()} size="sm">
            Map person fields
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
