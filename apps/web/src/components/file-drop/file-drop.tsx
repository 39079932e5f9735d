import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { checkCsvFiles } from './csv-file';

export interface FileDropProps {
  onFile: (file: File) => void;
  onReject: (message: string) => void;
  disabled?: boolean;
  hint?: string;
}

/** A drop area for one .csv file, that also opens the file picker on click. */
export function FileDrop({ onFile, onReject, disabled = false, hint }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (files: FileList | null) => {
    const result = checkCsvFiles(Array.from(files ?? []));
    if (result.ok) onFile(result.file);
    else onReject(result.message);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <UnstyledButton
      type="button"
      disabled={disabled}
      onClick={() => input.current?.click()}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-drop"
      style={{
        display: 'block',
        width: '100%',
        border: `1.5px dashed var(--mantine-color-${over ? 'meridian-5' : 'gray-4'})`,
        background: over ? 'var(--mantine-color-meridian-0)' : 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: '32px 16px',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Stack align="center" gap={6}>
        <ThemeIcon size={44} radius="xl" variant="light">
          {over ? <IconUpload size={22} /> : <IconFileTypeCsv size={22} />}
        </ThemeIcon>
        <Group gap={4}>
          <Text fw={600} size="sm">
            Drop a .csv file here
          </Text>
          <Text size="sm" c="dimmed">
            or click to choose one
          </Text>
        </Group>
        {hint ? (
          <Text size="xs" c="dimmed" ta="center">
            {hint}
          </Text>
        ) : null}
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="file-input"
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </UnstyledButton>
  );
}
