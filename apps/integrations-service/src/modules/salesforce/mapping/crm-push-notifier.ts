import type { Transaction } from '@meridian/server-kit';

/**
 * Tells the campaign service's CRM feed that what a connection pushes changed (the mapping, or the
 * sync being started). The connection's settings owner publishes the same event when its settings
 * change; the mapping reaches that one publisher (CrmPushPublisher) through the CRM_PUSH_NOTIFIER
 * token, which keeps this module's tests free to bind their own.
 */
export interface CrmPushNotifier {
  publish(tx: Transaction, organisationId: string, connectionId: string): Promise<void>;
}
export const CRM_PUSH_NOTIFIER = Symbol('CRM_PUSH_NOTIFIER');
