/** What the builder shows for the contract's operator and row names. */
export const operatorLabels: Record<string, string> = {
  equals: 'is',
  not_equals: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  in: 'is any of',
  not_in: 'is none of',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  greater_than: 'greater than',
  less_than: 'less than',
  greater_or_equal: 'at least',
  less_or_equal: 'at most',
  between: 'between',
  is_true: 'is true',
  is_false: 'is false',
  before: 'before',
  after: 'after',
  on: 'on',
  in_last_days: 'in the last (days)',
  not_in_last_days: 'not in the last (days)',
  exactly: 'exactly',
  at_least: 'at least',
  at_most: 'at most',
};

export const operatorLabel = (operator: string) => operatorLabels[operator] ?? operator;

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
