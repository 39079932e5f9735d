import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { campaignDraftMessages } from '@meridian/contracts';
import { useLeaveBlocker } from '@/lib/use-leave-blocker';
import type { DraftStamp } from './use-draft-editor';

/**
 * Spec 2: leaving with unsaved changes asks first; 'Discard Changes' leaves without them. Once
 * asked, the dialog waits for the answer: the autosave is held meanwhile (`onAsking`), so a save
 * landing does not close it and leave, nor keep what was to be discarded.
 */
export function LeaveGuard(props: { dirty: boolean; onAsking(asking: boolean): void; onDiscard(): void }) {
  const { dirty, onAsking } = props;
  const blocker = useLeaveBlocker(dirty);
  const blocked = blocker.state === 'blocked';
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (blocked && dirty && !asking) {
      setAsking(true);
      onAsking(true);
    }
    // Saved between the click and this check: nothing is lost by leaving.
    if (blocked && !dirty && !asking) blocker.proceed?.();
  }, [blocked, dirty, asking, blocker, onAsking]);
  const answer = (leave: boolean) => {
    setAsking(false);
    if (leave) {
      props.onDiscard();
      blocker.proceed?.();
    } else {
      onAsking(false);
      blocker.reset?.();
    }
  };
  return (
    <Modal
      opened={blocked && (dirty || asking)}
      onClose={() => answer(false)}
      title={campaignDraftMessages.leaveTitle}
      centered
    >
      <Stack gap="lg">
        <Text size="sm">Your latest changes have not been saved yet.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => answer(false)} data-autofocus>
            {campaignDraftMessages.continueEditing}
          </Button>
          <Button color="red" onClick={() => answer(true)}>
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
