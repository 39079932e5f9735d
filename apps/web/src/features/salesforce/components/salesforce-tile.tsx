import { salesforceMessages } from '@meridian/contracts';
import { useSalesforceConnection } from '../api/salesforce-connection';

/**
 * Why the Salesforce tile of the Add Connections dialog cannot be chosen, or null: only one
 * connection is allowed (spec 2), and a platform without a connected app cannot connect at all.
 */
export function useSalesforceTileReason(enabled: boolean | undefined): string | null {
  const current = useSalesforceConnection(null);
  if (enabled === false) return salesforceMessages.notConfigured;
  if (current.isPending) return null;
  if (current.isError) return salesforceMessages.notConfigured;
  return current.data ? salesforceMessages.onlyOne : null;
}
