import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { ImportPreview as Preview } from '@meridian/contracts';
import { IconAlertTriangle, IconCircleCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '@/lib/notify';
import { downloadImportReport } from '../api/contact-import';
import {
  defaultImportOptions,
  IMPORT_BLOCK_REASONS,
  importBlock,
  optionAvailability,
  withOption,
  type ImportOptions,
} from '../utils/import-options';

export interface ImportPreviewProps {
  filepath: string;
  preview: Preview;
  importing: boolean;
  onCancel: () => void;
  onImport: (options: ImportOptions) => void;
}

const TONE = {
  ERROR: { color: 'red', icon: <IconAlertTriangle size={18} /> },
  DUPLICATE: { color: 'yellow', icon: <IconCopy size={18} /> },
  SUCCESS: { color: 'teal', icon: <IconCircleCheck size={18} /> },
} as const;

/** The match result: counts, reports, the update options and the import button. */
export function ImportPreview({ filepath, preview, importing, onCancel, onImport }: ImportPreviewProps) {
  const [options, setOptions] = useState(() => defaultImportOptions(preview));
  const available = optionAvailability(preview, options);
  const block = importBlock(preview, options);
  const tone = TONE[preview.status];
  const download = (kind: 'errors' | 'duplicates') =>
    void downloadImportReport(kind, filepath).catch(() =>
      showErrorToast('The report could not be downloaded'),
    );

  const stats: { label: string; value: number; color?: string }[] = [
    { label: 'Total', value: preview.total_contacts },
    { label: 'New', value: preview.total_entries_to_be_created, color: 'teal' },
    { label: 'To update', value: preview.total_entries_to_be_updated, color: 'meridian' },
    { label: 'Errors', value: preview.error_contacts, color: preview.error_contacts ? 'red' : undefined },
    {
      label: 'Duplicates',
      value: preview.duplicate_contacts,
      color: preview.duplicate_contacts ? 'yellow.8' : undefined,
    },
  ];

  const option = (name: keyof ImportOptions, label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={options[name]}
      disabled={!available[name] || importing}
      onChange={(event) => setOptions(withOption(options, name, event.currentTarget.checked))}
    />
  );

  return (
    <Stack gap="md">
      <Alert
        color={tone.color}
        variant="light"
        icon={tone.icon}
        title={preview.message}
        data-testid="import-status"
      >
        {preview.status === 'ERROR'
          ? 'Import is blocked until the errors are resolved. Download the error report, fix the file and upload it again.'
          : preview.status === 'DUPLICATE'
            ? 'Duplicate emails are ignored; the unique emails are imported.'
            : 'Every row can be imported.'}
        {preview.error_report || preview.duplicate_report ? (
          <Group gap="md" mt={8}>
            {preview.error_report ? (
              <Anchor component="button" type="button" size="sm" onClick={() => download('errors')}>
                <Group gap={4} component="span">
                  <IconDownload size={14} />
                  Download error report
                </Group>
              </Anchor>
            ) : null}
            {preview.duplicate_report ? (
              <Anchor component="button" type="button" size="sm" onClick={() => download('duplicates')}>
                <Group gap={4} component="span">
                  <IconDownload size={14} />
                  Download duplicates report
                </Group>
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Alert>
      {/* Five tiles side by side need a tablet's width: on a phone their labels would be cut. */}
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {stats.map((stat) => (
          <Paper key={stat.label} p="sm" radius="md" shadow="none" data-testid={`import-stat-${stat.label}`}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {stat.label}
            </Text>
            <Text fz={22} fw={700} c={stat.color}>
              {stat.value.toLocaleString('en-US')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        {option(
          'enable_update',
          'Enable data update',
          'Update the contacts that already exist with the values in the file.',
        )}
        {option(
          'overwrite_values',
          'Overwrite with new values',
          'Replace existing values; when off, only empty fields are filled.',
        )}
        {option('ignore_blank', 'Ignore Blank Values', 'Blank cells leave the stored value as it is.')}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={importing}>
          Cancel
        </Button>
        <Tooltip label={block ? IMPORT_BLOCK_REASONS[block] : ''} disabled={!block} multiline w={260}>
          <Button disabled={block !== null} loading={importing} onClick={() => onImport(options)}>
            Import
          </Button>
        </Tooltip>
      </Group>
    </Stack>
  );
}
