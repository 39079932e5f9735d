import { flowMessages as m, flowStepCatalogue, parseEmailList } from './flow-actions';
import { actionErrors, publishedFlow } from './flow-graph';

describe('flow step options', () => {
  const email = {
    template_id: 't-1',
    subject: 'Hello',
    from_email: { name: 'Ada', email: 'ada@example.com' },
    reply_to: 'reply@example.com',
  };

  it('accepts a complete send email step', () => {
    expect(actionErrors({ action_type: 'send_email', action_options: email })).toEqual({});
  });

  it('names every missing send email field with the spec message', () => {
    expect(actionErrors({ action_type: 'send_email', action_options: {} })).toEqual({
      template_id: m.templateRequired,
      subject: m.subjectEmpty,
      'from_email.name': m.senderNameEmpty,
      'from_email.email': m.sendFromEmpty,
      reply_to: m.replyToEmpty,
    });
    expect(
      actionErrors({
        action_type: 'send_email',
        action_options: { ...email, subject: '  ', from_email: { name: '', email: '' }, reply_to: '' },
      }),
    ).toEqual({
      subject: 'Email subject should not be empty',
      'from_email.name': 'Sender name should not be empty',
      'from_email.email': 'Send from should not be empty',
      reply_to: 'Reply to should not be empty',
    });
  });

  it('checks typed sender addresses but not tokens', () => {
    const typed = { ...email, from_email: { name: 'Ada', email: 'not-an-email' }, reply_to: 'nope' };
    expect(actionErrors({ action_type: 'send_email', action_options: typed })).toEqual({
      'from_email.email': 'Please enter a valid email address',
      reply_to: m.emailInvalid,
    });
    const tokens = { ...typed, sender_meta: { from_email: 'token', reply_to: 'token' } };
    expect(actionErrors({ action_type: 'send_email', action_options: tokens })).toEqual({});
  });

  it.each([
    [{ delay_value: 0, delay_unit: 'days' }],
    [{ delay_value: 1.5, delay_unit: 'hours' }],
    [{ delay_value: '3h', delay_unit: 'hours' }],
    [{ delay_value: '-3', delay_unit: 'hours' }],
    [{ delay_value: '0', delay_unit: 'hours' }],
    [{ delay_value: 3, delay_unit: 'weeks' }],
    [{}],
  ])("says 'Invalid delay' for %j", (options) => {
    expect(Object.values(actionErrors({ action_type: 'delay', action_options: options }))).toEqual(
      expect.arrayContaining([m.delayInvalid]),
    );
    expect(new Set(Object.values(actionErrors({ action_type: 'delay', action_options: options })))).toEqual(
      new Set([m.delayInvalid]),
    );
  });

  it('accepts a delay of whole minutes, hours or days, also as digits-only text', () => {
    expect(
      actionErrors({ action_type: 'delay', action_options: { delay_value: '12', delay_unit: 'hours' } }),
    ).toEqual({});
    expect(
      actionErrors({ action_type: 'delay', action_options: { delay_value: 15, delay_unit: 'minutes' } }),
    ).toEqual({});
  });

  it('needs a template and valid internal emails for an internal alert', () => {
    expect(
      actionErrors({ action_type: 'send_internal_email', action_options: { internal_emails: [] } }),
    ).toEqual({
      template_id: m.templateRequired,
      internal_emails: 'Enter valid email id',
    });
    expect(
      actionErrors({
        action_type: 'send_internal_email',
        action_options: { template_id: 't', internal_emails: ['a@example.com', 'oops'] },
      }),
    ).toEqual({ internal_emails: m.internalEmailsInvalid });
    expect(
      actionErrors({
        action_type: 'send_internal_email',
        action_options: {
          template_id: 't',
          internal_emails: parseEmailList(' a@example.com, ,b@example.com ,'),
        },
      }),
    ).toEqual({});
  });

  it('splits a send-to list on commas, trimmed, without empties', () => {
    expect(parseEmailList(' a@x.io , ,b@y.io,')).toEqual(['a@x.io', 'b@y.io']);
  });

  it.each([
    ['add_to_static_list', 'static_list_id', 'Static list is required'],
    ['remove_from_static_list', 'static_list_id', 'Static list is required'],
    ['webhook', 'webhook_id', 'Webhook is required'],
    ['salesforce_manual_sync', 'connection_id', 'Salesforce connection is required'],
  ] as const)('%s needs its %s', (type, field, message) => {
    expect(actionErrors({ action_type: type, action_options: {} })).toEqual({ [field]: message });
    expect(actionErrors({ action_type: type, action_options: { [field]: ' ' } })).toEqual({
      [field]: message,
    });
    expect(actionErrors({ action_type: type, action_options: { [field]: 'x-1' } })).toEqual({});
  });

  it('lists the eleven steps of the add-step modal in their groups', () => {
    expect(flowStepCatalogue.map((g) => g.group)).toEqual([
      'Email Actions',
      'Workflow Controls',
      'Integrations',
      'List Actions',
      'Data Actions',
    ]);
    expect(flowStepCatalogue.flatMap((g) => g.steps)).toHaveLength(11);
  });
});

describe('publishedFlow', () => {
  it('turns a delay typed as digits into its number and leaves every other value as saved', () => {
    const nodes = [
      { action_id: 'a', action_type: 'delay', action_options: { delay_value: '12', delay_unit: 'hours' } },
      { action_id: 'b', action_type: 'delay', action_options: { delay_value: 5, delay_unit: 'days' } },
      {
        action_id: 'c',
        action_type: 'update_value',
        action_options: { delay_value: '7' },
        position: { x: 1 },
      },
    ];
    const published = publishedFlow({ nodes, links: [] });
    expect(published.nodes.map((node) => node.action_options)).toEqual([
      { delay_value: 12, delay_unit: 'hours' },
      { delay_value: 5, delay_unit: 'days' },
      { delay_value: '7' },
    ]);
    expect(published.nodes[2]).toBe(nodes[2]);
    expect(publishedFlow(null)).toBeNull();
  });
});
