import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { WEBHOOK_CONTENT_TYPE_HEADER } from '@meridian/contracts';
import { IconLock, IconPlus, IconX } from '@tabler/icons-react';
import type { HeaderRow } from '../utils/webhook-form';

export interface HeadersEditorProps {
  contentType: string;
  contentTypeError?: string;
  rows: HeaderRow[];
  onContentTypeChange: (value: string) => void;
  onRowChange: (index: number, row: HeaderRow) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** The fixed content-type header, then the webhook's own key/value rows (spec 2 "Webhooks"). */
export function HeadersEditor({
  contentType,
  contentTypeError,
  rows,
  onContentTypeChange,
  onRowChange,
  onAdd,
  onRemove,
}: HeadersEditorProps) {
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ flex: 1 }}>
          Key
        </Text>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ flex: 1 }}>
          Value
        </Text>
        <div style={{ width: 28 }} />
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          size="sm"
          style={{ flex: 1 }}
          value={WEBHOOK_CONTENT_TYPE_HEADER}
          readOnly
          aria-label="Header key content-type"
          styles={{
            input: { color: 'var(--mantine-color-gray-7)', background: 'var(--mantine-color-gray-0)' },
          }}
        />
        <TextInput
          size="sm"
          style={{ flex: 1 }}
          placeholder="application/json"
          aria-label="Content-type"
          value={contentType}
          error={contentTypeError}
          onChange={(event) => onContentTypeChange(event.currentTarget.value)}
        />
        <Tooltip label="The content-type header is always sent">
          {/* An icon, not a control: a named image (a name on a plain span is not allowed). */}
          <ActionIcon
            size={36}
            variant="transparent"
            color="gray"
            role="img"
            aria-label="Fixed header"
            component="span"
          >
            <IconLock size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start" data-testid="header-row">
          <TextInput
            size="sm"
            style={{ flex: 1 }}
            placeholder="Header name"
            aria-label={`Header key ${index + 1}`}
            value={row.key}
            onChange={(event) => onRowChange(index, { ...row, key: event.currentTarget.value })}
          />
          <TextInput
            size="sm"
            style={{ flex: 1 }}
            placeholder="Value"
            aria-label={`Header value ${index + 1}`}
            value={row.value}
            onChange={(event) => onRowChange(index, { ...row, value: event.currentTarget.value })}
          />
          <ActionIcon size={36} aria-label={`Remove header ${index + 1}`} onClick={() => onRemove(index)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={onAdd} px={6}>
          Add Another
        </Button>
      </Group>
    </Stack>
  );
}
