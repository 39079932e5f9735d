import type { SalesforcePermission, SalesforcePersonObject } from '@meridian/contracts';

/** Spec 8 success toasts of the Salesforce screens, word for word. */
export const SALESFORCE_TOASTS = {
  started: 'Sync started successfully',
  resumed: 'Sync resumed successfully',
  paused: 'Sync Successfully Paused',
  deleted: 'Connection deleted successfully',
  /** General Settings (objects, API allocation). */
  settings: 'Settings updated successfully',
  /** A direction's settings: 'Salesforce to Meridian', 'Meridian to Salesforce'. */
  sync: 'Updated sync successfully',
  inclusion: 'Updated Inclusion List Successfully',
  setupCompleted: 'Setup completed successfully',
} as const;

/** Spec 2 texts of the connect and setup screens. */
export const SALESFORCE_TEXTS = {
  connected: 'Successfully Connected! Redirecting...',
  saveAndLogin: 'Save and login to Salesforce',
  setupTime: 'Setting up Salesforce takes about 10-15 minutes.',
  permissionsTitle: 'Permissions and access',
  recheck: 're-check permissions',
  recommended: 'Recommended Settings',
  custom: 'Custom Settings',
  startSync: 'Start Sync',
  finishLater: 'Finish Setup Later',
  startSyncNow: 'Start Sync Now',
  pauseSync: 'Pause sync',
  resumeSync: 'Resume sync',
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect Salesforce',
  generalSettings: 'General Settings',
  inbound: 'Salesforce to Meridian',
  outbound: 'Meridian to Salesforce',
} as const;

export const OBJECT_LABELS: Record<SalesforcePersonObject, { one: string; many: string }> = {
  lead: { one: 'Lead', many: 'Leads' },
  contact: { one: 'Contact', many: 'Contacts' },
};

/** The permissions modal's line for one object: 'Read and write access to Leads', 'No access to Leads'. */
export function permissionSentence(permission: SalesforcePermission | undefined, objects: string): string {
  if (!permission || permission === 'No access to') return `No access to ${objects}`;
  return `${permission} access to ${objects}`;
}
