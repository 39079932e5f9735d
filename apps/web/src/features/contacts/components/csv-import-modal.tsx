import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { csvMessages } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FileDrop } from '@/components/file-drop';
import { errorMessage } from '@/lib/error-handling';
import { showErrorToast } from '@/lib/notify';
import {
  cancelImport,
  downloadContactsTemplate,
  uploadContactsFile,
  useImportPreview,
  useImportStatus,
  useStartImport,
} from '../api/contact-import';
import { contactKeys } from '../api/contact-keys';
import { ImportPreview } from './import-preview';

/** Spec section 9: the pause before the dialog switches from the upload status to the preview. */
export const CSV_SWITCH_DELAY_MS = 500;

type Phase =
  | { step: 'select' }
  | { step: 'uploading'; name: string }
  | { step: 'checking'; filepath: string; message: string }
  | { step: 'importing'; filepath: string }
  | { step: 'failed'; reason: string };

export interface CsvImportModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Import contacts from a CSV file: upload, check, preview with options, import, result. */
export function CsvImportModal({ opened, onClose }: CsvImportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import contacts" size="xl">
      {opened ? <CsvImport onClose={onClose} /> : null}
    </Modal>
  );
}

function CsvImport({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'select' });
  const filepath = phase.step === 'checking' || phase.step === 'importing' ? phase.filepath : null;
  const status = useImportStatus(filepath, phase.step === 'importing' ? 'import' : 'upload');
  const uploaded = phase.step === 'checking' && status.data?.status === 'completed';
  const [switchReady, setSwitchReady] = useState(false);
  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => setSwitchReady(true), CSV_SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [uploaded]);
  const preview = useImportPreview(filepath, uploaded && switchReady);
  const start = useStartImport();
  const imported =
    phase.step === 'importing' && status.data?.stage === 'imported' ? status.data.result : null;

  useEffect(() => {
    if (imported) void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  }, [imported, queryClient]);

  const failed =
    phase.step === 'failed' ||
    status.isError ||
    preview.isError ||
    status.data?.status === 'error' ||
    status.data?.stage === 'failed' ||
    start.isError;

  const upload = (file: File) => {
    setPhase({ step: 'uploading', name: file.name });
    uploadContactsFile(file).then(
      (result) =>
        setPhase({
          step: 'checking',
          filepath: result.filepath,
          message: result.message || csvMessages.uploaded,
        }),
      (error: unknown) => setPhase({ step: 'failed', reason: errorMessage(error) }),
    );
  };
  const restart = () => {
    start.reset();
    setSwitchReady(false);
    setPhase({ step: 'select' });
  };
  const cancel = () => {
    if (phase.step === 'checking') void cancelImport(phase.filepath).catch(() => undefined);
    onClose();
  };

  if (failed) {
    // Why, when the server said (spec 8: statuses under 500 show its description).
    const reason =
      phase.step === 'failed'
        ? phase.reason
        : (status.data?.error ??
          [status.error, preview.error, start.error].filter(Boolean).map(errorMessage)[0] ??
          null);
    return (
      <Center py={32}>
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={24} />
          </ThemeIcon>
          {reason ? (
            <Text size="sm" c="dimmed" ta="center" maw={420} data-testid="import-failure-reason">
              {reason}
            </Text>
          ) : null}
          <Anchor component="button" type="button" fw={600} onClick={restart}>
            {csvMessages.uploadFailed}
          </Anchor>
        </Stack>
      </Center>
    );
  }

  if (phase.step === 'select') {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Upload a CSV file with one column named <b>email</b> and a column per field. Re-use the same headers
          when you import again to update contacts.
        </Text>
        <FileDrop onFile={upload} onReject={showErrorToast} hint="One .csv file, emails unique" />
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() =>
            void downloadContactsTemplate().catch(() =>
              showErrorToast('The template could not be downloaded'),
            )
          }
        >
          <Group gap={4} component="span">
            <IconDownload size={14} />
            Download the template
          </Group>
        </Anchor>
      </Stack>
    );
  }

  if (phase.step === 'importing') {
    if (imported) {
      return (
        <Center py={24}>
          <Stack align="center" gap="xs" data-testid="import-result">
            <ThemeIcon size={52} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={28} />
            </ThemeIcon>
            <Text fw={700} fz="lg">
              {imported.new_records} contacts added
            </Text>
            <Text size="sm" c="dimmed">
              {imported.records_updated} contacts updated
            </Text>
            <Group mt="md">
              <Anchor component="button" type="button" size="sm" onClick={restart}>
                Upload another file
              </Anchor>
              <Button onClick={onClose}>Done</Button>
            </Group>
          </Stack>
        </Center>
      );
    }
    const progress = status.data?.progress;
    const percent =
      progress && progress.total_rows > 0
        ? Math.round((progress.processed_rows / progress.total_rows) * 100)
        : 0;
    return (
      <Stack gap="sm" py="lg" data-testid="import-progress">
        <Text fw={600}>Importing contacts…</Text>
        <Progress value={percent} animated striped size="lg" radius="xl" />
        <Text size="sm" c="dimmed">
          {progress
            ? `${progress.processed_rows.toLocaleString('en-US')} of ${progress.total_rows.toLocaleString('en-US')} rows`
            : 'Starting…'}
        </Text>
      </Stack>
    );
  }

  if (phase.step === 'checking' && preview.data) {
    return (
      <ImportPreview
        filepath={phase.filepath}
        preview={preview.data}
        importing={start.isPending}
        onCancel={cancel}
        onImport={(options) =>
          start.mutate(
            { filepath: phase.filepath, ...options },
            {
              onSuccess: () => {
                setPhase({ step: 'importing', filepath: phase.filepath });
              },
            },
          )
        }
      />
    );
  }

  return (
    <Center py={40}>
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" fw={600}>
          {phase.step === 'uploading'
            ? `Uploading ${phase.name}…`
            : uploaded
              ? phase.message
              : 'Checking the file…'}
        </Text>
        {phase.step === 'checking' ? (
          <Button variant="subtle" color="gray" size="xs" onClick={cancel}>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Center>
  );
}
