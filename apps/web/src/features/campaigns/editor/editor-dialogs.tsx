import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { campaignDraftMessages } from '@meridian/contracts';
import { useLeaveBlocker } from '@/lib/use-leave-blocker';
import type { DraftStamp } from './use-draft-editor';

/** Spec 2: leaving with unsaved changes asks first; 'Discard Changes' leaves without them. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const blocker = useLeaveBlocker(dirty);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    // Saved meanwhile (autosave): nothing is lost by leaving.
    if (blocked && !dirty) blocker.proceed?.();
  }, [blocked, dirty, blocker]);
  return (
    <Modal
      opened={blocked && dirty}
      onClose={() => blocker.reset?.()}
      title={campaignDraftMessages.leaveTitle}
      centered
    >
      <Stack gap="lg">
        <Text size="sm">Your latest changes have not been saved yet.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {campaignDraftMessages.continueEditing}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {campaignDraftMessages.discardChanges}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec 4: another user changed the draft within the last minute; Ok stays, Cancel leaves. */
export function OverrideWarning(props: { stamp: DraftStamp | null; onOk(): void; onCancel(): void }) {
  return (
    <Modal
      opened={props.stamp !== null}
      onClose={props.onOk}
      title={campaignDraftMessages.overrideTitle}
      centered
    >
      <Stack gap="lg">
        <Text size="sm">
          {props.stamp ? campaignDraftMessages.overrideText(props.stamp.updated_by.name) : ''}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button onClick={props.onOk} data-autofocus>
            Ok
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Spec 4: 'Edit active campaign' pauses the run before the campaign can be edited. */
export function EditActiveConfirm(props: {
  opened: boolean;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={campaignDraftMessages.editActiveTitle}
      centered
    >
      <Stack gap="lg">
        <Text size="sm">{campaignDraftMessages.editActiveText}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={props.onConfirm} loading={props.pending} data-autofocus>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
