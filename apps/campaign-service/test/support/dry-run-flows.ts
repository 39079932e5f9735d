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

/**
 * Steps that change what later steps read: leave a list, branch on being in it, join it twice,
 * set the title, branch on the title.
 */
export function chainedFlow(listId: string): Flow {
  const node = (action_id: string, action_type: string, action_options: object, branch_id?: string) => ({
    action_id,
    action_type,
    is_deleted: false,
    action_options,
    ...(branch_id ? { branch_id } : {}),
  });
  return {
    nodes: [
      node('leave', 'remove_from_static_list', { static_list_id: listId }),
      node('check', 'branch_by_filter', {
        primary_branch_id: 'still-in',
        default_branch_id: 'left',
        condition: {
          conditions: [
            {
              sequence_number: 1,
              condition: {
                filter_type: 'list_membership',
                filter: 'static_list',
                operator: 'in',
                value: [listId],
              },
            },
          ],
        },
      }),
      node('join', 'add_to_static_list', { static_list_id: listId }, 'left'),
      node('join-again', 'add_to_static_list', { static_list_id: listId }, 'left'),
      node(
        'promote',
        'update_value',
        {
          operations: [
            {
              sequence_number: 1,
              operation: { filter: 'title', type: 'custom_value', operator: 'equals', value: ['vip'] },
            },
          ],
        },
        'left',
      ),
      node(
        'by-title',
        'branch_by_value',
        {
          filter: 'title',
          default_branch_id: 'other',
          conditions: [{ branch_id: 'vip', condition: { operator: 'equals', value: ['vip'] } }],
        },
        'left',
      ),
    ] as Flow['nodes'],
    links: [
      { source: FLOW_ROOT, target: 'leave', attributes: {} },
      { source: 'leave', target: 'check', attributes: {} },
      { source: 'check', target: 'join', attributes: { branch_id: 'left' } },
      { source: 'join', target: 'join-again', attributes: {} },
      { source: 'join-again', target: 'promote', attributes: {} },
      { source: 'promote', target: 'by-title', attributes: {} },
    ],
  };
}
