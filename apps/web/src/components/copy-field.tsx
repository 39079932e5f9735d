import { Button, CopyButton, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface CopyFieldProps extends Omit<TextInputProps, 'value' | 'readOnly' | 'rightSection'> {
  value: string;
}

/** A read-only value with a Copy button, for things people paste elsewhere. */
export function CopyField({ value, label, ...props }: CopyFieldProps) {
  const name = typeof label === 'string' ? label : 'value';
  return (
    <TextInput
      {...props}
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      rightSectionWidth={92}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${name.toLowerCase()}`} withArrow>
              <Button
                size="compact-sm"
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : 'gray'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                aria-label={`Copy ${name}`}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
