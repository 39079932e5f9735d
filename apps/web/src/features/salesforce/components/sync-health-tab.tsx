import { Text } from '@mantine/core';

/** The Salesforce page's Sync health tab (being built). */
export function SyncHealthTab({ connectionId }: { connectionId: string }) {
  return <Text data-connection-id={connectionId}>Sync health</Text>;
}
