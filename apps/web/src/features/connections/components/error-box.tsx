import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/** An error of a sync with its title ('Sync Paused', 'Encountered error'), the text and Copy error. */
export function ErrorBox({ title, text, time }: { title: string; text: string; time?: string | null }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      <Stack gap="xs">
        {time ? (
          // Dark enough on the alert's pink (the theme's dimmed grey is 4.3:1 there; AA asks 4.5).
          <Text size="xs" c="gray.8">
            {time}
          </Text>
        ) : null}
        <Text
          size="sm"
          style={{ wordBreak: 'break-word', fontFamily: 'var(--mantine-font-family-monospace)' }}
        >
          {text}
        </Text>
        <Group>
          <CopyButton value={text} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="white"
                color={copied ? 'teal' : 'red'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy error'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
