import { Code, Stack, Text } from '@mantine/core';
import { CopyField } from '@/components/copy-field';

/** The analytics-node set-up for this Meridian: its origin is the Tracking API's host. */
export function analyticsNodeSnippet(host: string, writeKey: string): string {
  return [
    "import { Analytics } from '@segment/analytics-node';",
    '',
    `const analytics = new Analytics({ writeKey: '${writeKey}', host: '${host}' });`,
    '',
    "analytics.identify({ userId: 'user-42', traits: { email: 'ada@example.com' } });",
    "analytics.track({ userId: 'user-42', event: 'Report Created' });",
  ].join('\n');
}

/**
 * How to point Segment at Meridian: any Segment library or source that lets you set its API
 * host posts its calls to `<host>/v1/...` with the write key, as it would to Segment.
 */
export function SetupSnippet({ host, writeKey }: { host: string; writeKey: string }) {
  return (
    <Stack gap="sm">
      <CopyField label="API host" value={host} />
      <Text size="sm" c="dimmed">
        Set your Segment library&apos;s host (or your source&apos;s API host) to this address and its write
        key to your Meridian API key. With <Code>@segment/analytics-node</Code>:
      </Text>
      <Code
        block
        aria-label="analytics-node set-up"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {analyticsNodeSnippet(host, writeKey)}
      </Code>
    </Stack>
  );
}
