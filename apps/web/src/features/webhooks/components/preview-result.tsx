import { Alert, Badge, Box, Code, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import type { WebhookPreviewResult } from '@meridian/contracts';
import { IconAlertTriangle, IconArrowDownLeft, IconArrowUpRight, IconShieldX } from '@tabler/icons-react';

function statusColor(code: number): string {
  if (code >= 200 && code < 300) return 'teal';
  if (code >= 300 && code < 400) return 'blue';
  if (code >= 400 && code < 500) return 'orange';
  return 'red';
}

/** Bodies read better indented when they are JSON; anything else shows as sent. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function HeadersTable({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No headers
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing={6} horizontalSpacing="sm" fz="xs" aria-label={label}>
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td w="40%" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {key}
            </Table.Td>
            <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Body({ body, label }: { body: string | null; label: string }) {
  if (body === null || body === '') {
    return (
      <Text size="sm" c="dimmed">
        No body
      </Text>
    );
  }
  return (
    <Code
      block
      aria-label={label}
      mah={320}
      style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {pretty(body)}
    </Code>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** What the preview sent, and what came back or why nothing did. */
export function PreviewResult({ result }: { result: WebhookPreviewResult }) {
  const { request, response, error } = result;
  return (
    <Stack gap="md" data-testid="preview-result">
      {error ? (
        <Alert
          color={error.reason === 'refused' ? 'red' : 'orange'}
          variant="light"
          icon={error.reason === 'refused' ? <IconShieldX size={18} /> : <IconAlertTriangle size={18} />}
          title={error.reason === 'refused' ? 'Request refused' : 'Request failed'}
          role="alert"
        >
          {error.message}
        </Alert>
      ) : null}
      <Tabs defaultValue={response ? 'response' : 'request'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="request" leftSection={<IconArrowUpRight size={14} />}>
            Request
          </Tabs.Tab>
          <Tabs.Tab value="response" leftSection={<IconArrowDownLeft size={14} />}>
            Response
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="request" pt="md">
          <Stack gap="md">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                {request.method}
              </Badge>
              <Text
                size="sm"
                ff="monospace"
                style={{ wordBreak: 'break-all' }}
                data-testid="preview-request-url"
              >
                {request.url}
              </Text>
            </Group>
            <Section title="Headers">
              <HeadersTable headers={request.headers} label="Request headers" />
            </Section>
            <Section title="Body">
              <Body body={request.body} label="Request body" />
            </Section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="response" pt="md">
          {response ? (
            <Stack gap="md">
              <Group gap="sm">
                <Text size="sm" fw={600}>
                  Status code
                </Text>
                <Badge
                  color={statusColor(response.status_code)}
                  variant="light"
                  size="lg"
                  radius="sm"
                  data-testid="preview-status"
                >
                  {response.status_code}
                </Badge>
                <Text size="xs" c="dimmed">
                  {response.elapsed_ms} ms
                </Text>
              </Group>
              <Section title="Headers">
                <HeadersTable headers={response.headers} label="Response headers" />
              </Section>
              <Section title="Body">
                <Body body={response.body} label="Response body" />
                {response.truncated ? (
                  <Text size="xs" c="dimmed">
                    The response was longer; only its beginning is shown.
                  </Text>
                ) : null}
              </Section>
            </Stack>
          ) : (
            <Box py="lg">
              <Text size="sm" c="dimmed" ta="center">
                No response was received.
              </Text>
            </Box>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
