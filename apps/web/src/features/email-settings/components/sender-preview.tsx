import { Avatar, Badge, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWorldCheck } from '@tabler/icons-react';
import type { EmailSettingsForm } from '../utils/email-settings-form';

/** How a recipient's inbox shows the sender being edited, and the domains it may send from. */
export function SenderPreview({
  values,
  activeDomains,
}: {
  values: EmailSettingsForm;
  activeDomains: string[];
}) {
  const name = values.sender_name.trim() || 'Sender name';
  const address = `${values.from_local.trim() || 'hello'}@${values.from_domain || 'your-domain.com'}`;
  return (
    <Stack gap="lg">
      <Paper p="lg">
        <Stack gap="md">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            Inbox preview
          </Text>
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="sender-preview">
            <Avatar color="meridian" radius="xl">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box miw={0}>
              <Text fw={600} size="sm" truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {address}
              </Text>
              <Text size="xs" c="dimmed" mt={6} truncate>
                Reply-to: {values.reply_to.trim() || address}
              </Text>
            </Box>
          </Group>
        </Stack>
      </Paper>
      <Paper p="lg">
        <Stack gap="sm">
          <Group gap={8}>
            <IconWorldCheck size={18} stroke={1.7} color="var(--mantine-color-teal-6)" />
            <Title order={3} fz="sm">
              Active sender domains
            </Title>
          </Group>
          <Text size="xs" c="dimmed">
            The from email must use one of these domains.
          </Text>
          <Divider />
          {activeDomains.length === 0 ? (
            <Text size="sm" c="dimmed">
              No active sender domain yet.
            </Text>
          ) : (
            activeDomains.map((domain) => (
              <Group key={domain} justify="space-between" wrap="nowrap">
                <Text size="sm" ff="monospace" truncate>
                  {domain}
                </Text>
                <Badge size="sm" variant="light" color="teal">
                  Active
                </Badge>
              </Group>
            ))
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
