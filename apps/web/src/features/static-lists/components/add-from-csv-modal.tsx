import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { matchedMessage, staticListMessages } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconDownload, IconFileTypeCsv, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { FileDrop } from '@/components/file-drop';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  downloadListTemplate,
  listFileStatus,
  matchListFile,
  uploadListFile,
  useInsertListFile,
} from '../api/static-list-contacts';
import { staticListKeys } from '../api/static-list-keys';

/** Spec section 9: static list upload polling. */
export const LIST_UPLOAD_POLL_MS = 500;

type Phase =
  { step: 'select' } | { step: 'uploading' } | { step: 'processing'; filepath: string } | { step: 'failed' };

export interface AddFromCsvModalProps {
  listId: string;
  opened: boolean;
  onClose: () => void;
}

/** Add contacts to a static list from a CSV of emails: upload, wait, match, insert, close. */
export function AddFromCsvModal({ listId, opened, onClose }: AddFromCsvModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add contacts from a CSV file" size="lg">
      {opened ? <AddFromCsv listId={listId} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddFromCsv({ listId, onDone }: { listId: string; onDone: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'select' });
  const filepath = phase.step === 'processing' ? phase.filepath : null;
  const status = useQuery({
    queryKey: [...staticListKeys.detail(listId), 'upload', filepath],
    queryFn: () => listFileStatus(listId, filepath ?? ''),
    enabled: filepath !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? LIST_UPLOAD_POLL_MS : false),
    gcTime: 0,
    meta: { selfHandled: true },
  });
  const completed = status.data?.status === 'completed';
  const match = useQuery({
    queryKey: [...staticListKeys.detail(listId), 'match', filepath],
    queryFn: () => matchListFile(listId, filepath ?? ''),
    enabled: filepath !== null && completed,
    gcTime: 0,
    meta: { selfHandled: true },
  });
  const insert = useInsertListFile(listId);
  const failed =
    phase.step === 'failed' || status.data?.status === 'error' || status.isError || match.isError;

  const upload = (file: File) => {
    setPhase({ step: 'uploading' });
    uploadListFile(listId, file).then(
      ({ filepath: path }) => setPhase({ step: 'processing', filepath: path }),
      () => setPhase({ step: 'failed' }),
    );
  };

  if (failed) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {status.data?.error ?? staticListMessages.uploadFailed}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button onClick={() => setPhase({ step: 'select' })}>Try again</Button>
        </Group>
      </Stack>
    );
  }

  if (phase.step === 'select') {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Upload a CSV with an <b>email</b> column. Rows whose email is in your contact database are added to
          this list.
        </Text>
        <FileDrop onFile={upload} onReject={showErrorToast} hint="One .csv file with an email column" />
        <Anchor component="button" type="button" size="sm" onClick={() => void downloadListTemplate()}>
          <Group gap={4} component="span">
            <IconDownload size={14} />
            Download the template
          </Group>
        </Anchor>
      </Stack>
    );
  }

  if (!match.data) {
    return (
      <Center py={40}>
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {phase.step === 'uploading' ? 'Uploading…' : 'Matching the file with your contacts…'}
          </Text>
        </Stack>
      </Center>
    );
  }

  const { matched_contacts: matched, total_count: total } = match.data;
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <ThemeIcon size={40} radius="xl" variant="light" color={matched > 0 ? 'teal' : 'gray'}>
          {matched > 0 ? <IconUsersGroup size={20} /> : <IconFileTypeCsv size={20} />}
        </ThemeIcon>
        <Text fw={600} data-testid="match-message">
          {matchedMessage(matched, total)}
        </Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={matched === 0}
          loading={insert.isPending}
          onClick={() =>
            filepath &&
            insert.mutate(filepath, {
              onSuccess: ({ copied_rowcount }) => {
                showSuccessToast(`${copied_rowcount} contacts added`);
                onDone();
              },
            })
          }
        >
          Add to list
        </Button>
      </Group>
    </Stack>
  );
}
