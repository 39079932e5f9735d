import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/List.css';
import { Badge, Box, Code, Group, List, Paper, Stack, Text, Timeline } from '@mantine/core';
import type { DryRunStep, DryRunStop } from '@meridian/contracts';
import {
  IconAlertTriangle,
  IconArrowsSplit,
  IconClock,
  IconMail,
  IconPlayerStop,
  IconPoint,
  IconUsersGroup,
  IconWebhook,
  IconPencil,
} from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date';

const STOPS: Record<DryRunStop, string> = {
  end: 'End of the path',
  cycle: 'Stopped: the path comes back to a step already taken',
  limit: 'Stopped: the path is longer than a flow may be',
};

function bullet(step: DryRunStep) {
  if (step.status === 'error') return <IconAlertTriangle size={14} />;
  if (step.action_type === 'delay') return <IconClock size={14} />;
  if (step.action_type.startsWith('branch_')) return <IconArrowsSplit size={14} />;
  if (step.email) return <IconMail size={14} />;
  if (step.webhook) return <IconWebhook size={14} />;
  if (step.static_list) return <IconUsersGroup size={14} />;
  if (step.updates) return <IconPencil size={14} />;
  return <IconPoint size={14} />;
}

/** The email as the person would get it: headers, then the body in a sandbox (no scripts, no requests). */
function EmailPreview({ email }: { email: NonNullable<DryRunStep['email']> }) {
  const rows: [string, string][] = [
    ['Subject', email.subject || '(no subject)'],
    ['From', email.from],
    ['To', email.to],
    ...(email.reply_to ? ([['Reply to', email.reply_to]] as [string, string][]) : []),
  ];
  return (
    <Paper withBorder radius="md" mt="xs" style={{ overflow: 'hidden' }}>
      <Stack gap={2} p="xs" bg="gray.0">
        {rows.map(([name, value]) => (
          <Text key={name} size="xs" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="xs">
              {name}:{' '}
            </Text>
            {value}
          </Text>
        ))}
      </Stack>
      <Box
        component="iframe"
        title={`Email: ${email.subject}`}
        sandbox=""
        srcDoc={email.html}
        w="100%"
        h={320}
        bg="white"
        style={{ border: 0, borderTop: '1px solid var(--mantine-color-gray-3)', display: 'block' }}
      />
    </Paper>
  );
}

/** The path, one timeline item per step: what it does for the person and why. */
export function DryRunSteps({ steps, stopped }: { steps: DryRunStep[]; stopped: DryRunStop }) {
  const failed = steps.some((step) => step.status === 'error');
  return (
    <Box component="section" aria-label="Path of the contact">
      <Timeline bulletSize={24} lineWidth={2} active={steps.length}>
        {steps.map((step, index) => (
          <Timeline.Item
            key={step.action_id}
            bullet={bullet(step)}
            color={step.status === 'error' ? 'red' : undefined}
            title={
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm">
                  {index + 1}. {step.label}
                </Text>
                {step.status === 'error' && (
                  <Badge color="red" variant="light" size="sm">
                    Stops here
                  </Badge>
                )}
              </Group>
            }
          >
            <Text
              size="sm"
              c={step.status === 'error' ? 'red.8' : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {step.explanation}
            </Text>
            {step.wake_at && (
              <Text size="xs" mt={4}>
                Continues on {formatDateTime(step.wake_at)}
              </Text>
            )}
            {step.webhook && (
              <Code block mt="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {step.webhook.method} {step.webhook.url || '(no URL yet)'}
              </Code>
            )}
            {step.updates && (
              <List size="xs" mt="xs" spacing={2}>
                {step.updates.map((update) => (
                  <List.Item key={update.field}>
                    <Text span size="xs" fw={600}>
                      {update.field}
                    </Text>{' '}
                    ← {update.value === null ? '(cleared)' : update.value}
                  </List.Item>
                ))}
              </List>
            )}
            {step.email && <EmailPreview email={step.email} />}
          </Timeline.Item>
        ))}
        {!failed && (
          <Timeline.Item
            bullet={<IconPlayerStop size={14} />}
            title={<Text size="sm">{STOPS[stopped]}</Text>}
          />
        )}
      </Timeline>
    </Box>
  );
}
