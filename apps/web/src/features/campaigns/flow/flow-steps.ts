import {
  IconArrowsSplit,
  IconBellRinging,
  IconCloudUp,
  IconClock,
  IconEdit,
  IconListCheck,
  IconListDetails,
  IconMail,
  IconPlaylistX,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { type ActionType, type FlowNode, flowStepCatalogue } from '@meridian/contracts';

const labels = new Map(
  flowStepCatalogue.flatMap((group) => group.steps.map((step) => [step.type, step.label])),
);

/** The catalogue's name for a step, as the 'Add flow step' modal lists it. */
export const stepLabel = (type: ActionType) => labels.get(type) ?? type;

const icons: Record<ActionType, Icon> = {
  send_email: IconMail,
  send_internal_email: IconBellRinging,
  delay: IconClock,
  webhook: IconWebhook,
  add_to_static_list: IconListCheck,
  remove_from_static_list: IconPlaylistX,
  branch_by_filter: IconArrowsSplit,
  branch_by_token: IconArrowsSplit,
  branch_by_value: IconArrowsSplit,
  salesforce_manual_sync: IconCloudUp,
  update_value: IconEdit,
};
export const stepIcon = (type: ActionType): Icon => icons[type] ?? IconListDetails;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** One line under a step's name that says what it is set to, or what it still needs. */
export function stepSummary(node: FlowNode): string {
  const options = node.action_options ?? {};
  switch (node.action_type) {
    case 'send_email':
      return text(options.subject) ? `Subject: ${text(options.subject)}` : 'Choose a template and a subject';
    case 'send_internal_email': {
      const emails = Array.isArray(options.internal_emails) ? options.internal_emails.length : 0;
      return emails > 0
        ? `To ${emails} recipient${emails === 1 ? '' : 's'}`
        : 'Choose a template and recipients';
    }
    case 'delay': {
      const value = options.delay_value;
      const unit = text(options.delay_unit);
      return value !== undefined && value !== '' && unit
        ? `Wait ${String(value)} ${unit}`
        : 'Set how long to wait';
    }
    case 'webhook':
      return text(options.webhook_id) ? 'Calls the chosen webhook' : 'Choose a webhook';
    case 'add_to_static_list':
    case 'remove_from_static_list':
      return text(options.static_list_id) ? 'Static list chosen' : 'Choose a static list';
    case 'salesforce_manual_sync':
      return text(options.connection_id) ? 'Salesforce connection chosen' : 'Choose a Salesforce connection';
    case 'branch_by_filter':
    case 'branch_by_token':
    case 'branch_by_value':
      return 'Sends people down the matching branch';
    case 'update_value':
      return 'Updates values of the person';
  }
}
