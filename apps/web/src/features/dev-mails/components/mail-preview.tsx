import {
  Box,
  Center,
  Code,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date';
import { useDevMail } from '../api/get-dev-mail';
import type { DevMail } from '../api/dev-mails.schemas';

type View = 'html' | 'text' | 'headers';

export function MailPreview({ id }: { id: string | null }) {
  const mail = useDevMail(id);
  if (id === null) {
    return (
      <Paper h="100%" mih={420}>
        <Center mih={420}>
          <Stack align="center" gap={6}>
            <IconMail size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" size="sm">
              Select a mail to preview it
            </Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  if (mail.isError) {
    return (
      <Paper mih={420}>
        <Center mih={420}>
          <Text c="dimmed" size="sm">
            This mail could not be loaded
          </Text>
        </Center>
      </Paper>
    );
  }
  if (!mail.data) {
    return (
      <Paper p="lg" mih={420}>
        <Stack>
          <Skeleton h={22} w="60%" />
          <Skeleton h={14} w="40%" />
          <Skeleton h={320} />
        </Stack>
      </Paper>
    );
  }
  return <MailView key={mail.data.id} mail={mail.data} />;
}

function MailView({ mail }: { mail: DevMail }) {
  const [view, setView] = useState<View>(mail.html ? 'html' : 'text');
  return (
    <Paper p={0} data-testid="dev-mail-preview">
      <Stack gap={6} p="lg">
        <Title order={3} fz={18}>
          {mail.subject || '(no subject)'}
        </Title>
        <Meta label="From" value={mail.from} />
        <Meta label="To" value={mail.to.join(', ')} />
        <Meta label="Received" value={formatDateTime(mail.received_at)} />
      </Stack>
      <Divider />
      <Group px="lg" py="sm">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'html', label: 'HTML', disabled: !mail.html },
            { value: 'text', label: 'Text' },
            { value: 'headers', label: 'Headers' },
          ]}
        />
      </Group>
      <Box px="lg" pb="lg">
        {view === 'html' && mail.html ? (
          <iframe
            title="Mail preview"
            sandbox=""
            srcDoc={mail.html}
            style={{
              width: '100%',
              height: 560,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 8,
              background: '#fff',
            }}
          />
        ) : (
          <Code block fz="xs" mah={560} style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }}>
            {view === 'headers' ? JSON.stringify(mail.headers ?? {}, null, 2) : mail.text || '(no text part)'}
          </Code>
        )}
      </Box>
    </Paper>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" w={72}>
        {label}
      </Text>
      <Text size="sm" truncate>
        {value}
      </Text>
    </Group>
  );
}
