import { Text } from '@mantine/core';

/** The Salesforce page's Sync history tab (being built). */
export function SyncHistoryTab({ connectionId }: { connectionId: string }) {
  return <Text data-connection-id={connectionId}>Sync history</Text>;
}
