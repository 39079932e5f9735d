import { IconCloud } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';

/** The Salesforce Sync tab, until a Salesforce connection can sync contacts. */
export function SalesforceSyncPanel() {
  return (
    <EmptyState
      icon={<IconCloud size={22} stroke={1.6} />}
      title="No Salesforce records"
      hint="Connect Salesforce from Data connections to see and manage the records synced with this contact."
    />
  );
}
