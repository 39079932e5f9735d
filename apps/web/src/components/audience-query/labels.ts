import { audienceOperatorLabels } from '@meridian/contracts';

export const operatorLabel = (operator: string) => audienceOperatorLabels[operator] ?? operator;

export const operatorOptions = (operators: readonly string[]) =>
  operators.map((value) => ({ value, label: operatorLabel(value) }));

export const kindLabels = {
  person: 'Person field',
  product_activity: 'Product activity',
  marketing_activity: 'Marketing activity',
  list_membership: 'List membership',
  org_membership: 'Org membership',
} as const;

export const rowLabels = {
  property: 'Property',
  frequency: 'Frequency',
  time_frame: 'Time frame',
  campaign: 'Campaign',
  template: 'Template',
  link_clicked: 'Link clicked',
} as const;

export const marketingEventLabels: Record<string, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  opened: 'Opened',
  clicked: 'Clicked',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  spam_reported: 'Reported as spam',
};
