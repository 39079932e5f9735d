import { type Flow, FLOW_ROOT } from '@meridian/contracts';

/** The dry run tests' flows, as the flow builder leaves them in a campaign. */

/** A branch by filter on the first name: Adas wait and get an email, the others a webhook and a list. */
export function onboardingFlow(templateId: string, listId: string): Flow {
  return {
    nodes: [
      {
        action_id: 'branch',
        action_type: 'branch_by_filter',
        is_deleted: false,
        action_options: {
          primary_branch_id: 'adas',
          default_branch_id: 'others',
          condition: {
            conditions: [
              {
                sequence_number: 1,
                condition: {
                  filter_type: 'person',
                  filter: 'first_name',
                  operator: 'starts_with',
                  value: ['ada'],
                },
              },
            ],
          },
        },
      },
      {
        action_id: 'wait',
        action_type: 'delay',
        branch_id: 'adas',
        is_deleted: false,
        action_options: { delay_value: 3, delay_unit: 'hours' },
      },
      {
        action_id: 'mail',
        action_type: 'send_email',
        branch_id: 'adas',
        is_deleted: false,
        action_options: {
          template_id: templateId,
          subject: 'Welcome {{ person.first_name }}',
          from_email: { name: 'Acme News', email: 'news@acme.example' },
          reply_to: 'help@acme.example',
        },
      },
      {
        action_id: 'hook',
        action_type: 'webhook',
        branch_id: 'others',
        is_deleted: false,
        action_options: { webhook_id: 'crm' },
      },
      {
        action_id: 'list',
        action_type: 'add_to_static_list',
        branch_id: 'others',
        is_deleted: false,
        action_options: { static_list_id: listId },
      },
    ],
    links: [
      { source: FLOW_ROOT, target: 'branch', attributes: {} },
      { source: 'branch', target: 'wait', attributes: { branch_id: 'adas' } },
      { source: 'wait', target: 'mail', attributes: {} },
      { source: 'branch', target: 'hook', attributes: { branch_id: 'others' } },
      { source: 'hook', target: 'list', attributes: {} },
    ],
  };
}

/** A branch on the saved token 'tier': gold members get their title updated from the token. */
export function tierFlow(): Flow {
  return {
    nodes: [
      {
        action_id: 'by-tier',
        action_type: 'branch_by_token',
        is_deleted: false,
        action_options: {
          token: 'tier',
          default_branch_id: 'basic',
          conditions: [{ branch_id: 'gold', condition: { operator: 'equals', value: ['gold'] } }],
        },
      },
      {
        action_id: 'title',
        action_type: 'update_value',
        branch_id: 'gold',
        is_deleted: false,
        action_options: {
          operations: [
            {
              sequence_number: 1,
              operation: { filter: 'title', type: 'token', token: 'tier', operator: 'set' },
            },
          ],
        },
      },
    ],
    links: [
      { source: FLOW_ROOT, target: 'by-tier', attributes: {} },
      { source: 'by-tier', target: 'title', attributes: { branch_id: 'gold' } },
    ],
  };
}

/** One branch by filter step with one condition: primary branch 'in', default 'out'. */
export const branchByFilterFlow = (condition: Record<string, unknown>): Flow => ({
  nodes: [
    {
      action_id: 'members',
      action_type: 'branch_by_filter',
      is_deleted: false,
      action_options: {
        primary_branch_id: 'in',
        default_branch_id: 'out',
        condition: { conditions: [{ sequence_number: 1, condition }] },
      },
    },
  ],
  links: [{ source: FLOW_ROOT, target: 'members', attributes: {} }],
});
