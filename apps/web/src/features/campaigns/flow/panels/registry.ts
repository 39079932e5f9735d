import type { ComponentType } from 'react';
import type { ActionType } from '@meridian/contracts';
import { BranchByFilterPanel } from './branch-by-filter-panel';
import { BranchByTokenPanel } from './branch-by-token-panel';
import { BranchByValuePanel } from './branch-by-value-panel';
import { DelayPanel } from './delay-panel';
import { InternalEmailPanel, SendEmailPanel } from './email-panels';
import { SalesforcePanel, StaticListPanel, WebhookPanel } from './reference-panels';
import type { StepPanelProps } from './types';
import { UpdateValuePanel } from './update-value-panel';

/** Each step type's side panel. */
export const stepPanels: Record<ActionType, ComponentType<StepPanelProps>> = {
  send_email: SendEmailPanel,
  send_internal_email: InternalEmailPanel,
  delay: DelayPanel,
  webhook: WebhookPanel,
  add_to_static_list: StaticListPanel,
  remove_from_static_list: StaticListPanel,
  salesforce_manual_sync: SalesforcePanel,
  branch_by_filter: BranchByFilterPanel,
  branch_by_token: BranchByTokenPanel,
  branch_by_value: BranchByValuePanel,
  update_value: UpdateValuePanel,
};
