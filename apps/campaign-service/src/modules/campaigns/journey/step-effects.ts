import {
  type ActionType,
  type BranchActionType,
  checkFieldText,
  personFieldRules,
  type PersonField,
  type UpdateOperation,
} from '@meridian/contracts';
import { showValue } from './compare';
import type { EmailStepOptions, JourneyPerson, JourneyPorts } from './journey.types';
import { blankDecision, type Decision } from './decision';

/** What a step that acts (mail, call, list, update, sync) would do; nothing is done here. */

const FORMULA_WORDS = { add: 'plus', subtract: 'minus', multiply: 'times', divide: 'divided by' } as const;

/** The value an update operation would store (null clears the field), and how it was found. */
async function updateValue(
  operation: UpdateOperation,
  person: JourneyPerson,
  ports: JourneyPorts,
): Promise<{ value: string | number | null; how: string } | { error: string }> {
  const first = operation.value?.[0];
  if (operation.type === 'token') {
    const token = operation.token ?? '';
    const value = await ports.tokenValue(person, token);
    return 'error' in value
      ? { error: `token ${token} failed: ${value.error}` }
      : { value: value.ok, how: `token ${token}` };
  }
  if (operation.type === 'formula') {
    const current = Number(person.variables[operation.filter] ?? 0);
    const base = Number.isFinite(current) ? current : 0;
    const operand = Number(first);
    const results = {
      add: base + operand,
      subtract: base - operand,
      multiply: base * operand,
      divide: base / operand,
    };
    const operator = operation.operator as keyof typeof results;
    if (!(operator in results)) return { error: `unknown formula ${operation.operator}` };
    return { value: results[operator], how: `${base} ${FORMULA_WORDS[operator]} ${operand}` };
  }
  if (['is_empty', 'is_null'].includes(operation.operator)) return { value: null, how: 'cleared' };
  if (operation.operator === 'is_true' || operation.operator === 'is_false')
    return { value: String(operation.operator === 'is_true'), how: 'custom value' };
  const values = (operation.value ?? []).filter((v) => v !== null && String(v).trim() !== '');
  return { value: values.map(String).join(', '), how: 'custom value' };
}

/**
 * The value as the field stores it, or why it cannot be stored there (the message the contact
 * page gives for such a value). A formula on a whole-number field rounds to the nearest whole
 * number and a decimal result drops the binary noise of its sum (0.1 + 0.2 is 0.3); a token or a
 * custom value that is not of the field's type stops the update rather than storing text in it.
 */
function fitToField(
  definition: PersonField | null,
  value: string | number | null,
): { value: string | null } | { error: string } {
  if (definition === null) return { value: value === null ? null : String(value) };
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      return { error: personFieldRules.messages.type[definition.type](definition.display) };
    value = String(definition.type === 'integer' ? Math.round(value) : Number(value.toPrecision(15)));
  }
  const text = value === null ? '' : definition.type === 'string' ? value : value.trim();
  const problem = checkFieldText(definition, definition.type === 'string' ? text.trim() : text);
  if (problem) return { error: problem };
  return { value: text === '' ? null : text };
}

async function updates(
  options: Record<string, unknown>,
  person: JourneyPerson,
  ports: JourneyPorts,
): Promise<Decision> {
  const operations = (options.operations as { operation: UpdateOperation }[]).map((item) => item.operation);
  const result: { field: string; value: string | null }[] = [];
  const words: string[] = [];
  for (const operation of operations) {
    const outcome = await updateValue(operation, person, ports);
    if ('error' in outcome) return blankDecision(`${operation.filter}: ${outcome.error}`, 'error');
    const definition = ports.personField ? await ports.personField(operation.filter) : null;
    const fitted = fitToField(definition, outcome.value);
    if ('error' in fitted) return blankDecision(`${operation.filter}: ${fitted.error}`, 'error');
    result.push({ field: operation.filter, value: fitted.value });
    words.push(
      `${operation.filter} ${showValue(person.variables[operation.filter])} would become ${showValue(fitted.value)} (${outcome.how})`,
    );
  }
  return { ...blankDecision(`${words.join('; ')}; nothing is saved`), updates: result };
}

/** The steps that act rather than route. */
export type EffectType = Exclude<ActionType, BranchActionType | 'delay'>;

export async function evaluateEffect(
  type: EffectType,
  options: Record<string, unknown>,
  person: JourneyPerson,
  ports: JourneyPorts,
): Promise<Decision> {
  switch (type) {
    case 'send_email':
    case 'send_internal_email': {
      if (type === 'send_email' && person.unsubscribed)
        return blankDecision(`${person.email} has unsubscribed: no email would be sent`);
      const email = await ports.renderEmail(person, options as unknown as EmailStepOptions);
      if ('error' in email) return blankDecision(email.error, 'error');
      return {
        ...blankDecision(`Would send "${email.ok.subject}" to ${email.ok.to} from ${email.ok.from}`),
        email: email.ok,
      };
    }
    case 'webhook': {
      const webhook = await ports.webhook(String(options.webhook_id));
      if (!webhook) return blankDecision('The webhook of this step no longer exists', 'error');
      return {
        ...blankDecision(`Would call ${webhook.method} ${webhook.url} (webhook "${webhook.name}")`),
        webhook,
      };
    }
    case 'add_to_static_list':
    case 'remove_from_static_list': {
      const list = await ports.staticList(String(options.static_list_id), person.id);
      if (!list) return blankDecision('The static list of this step no longer exists', 'error');
      const adding = type === 'add_to_static_list';
      const change =
        adding === list.member
          ? `is already ${adding ? 'in' : 'not in'} "${list.name}": nothing would change`
          : `would be ${adding ? 'added to' : 'removed from'} "${list.name}"`;
      return { ...blankDecision(`${person.email} ${change}`), static_list: list };
    }
    case 'update_value':
      return updates(options, person, ports);
    case 'salesforce_manual_sync':
      return blankDecision(
        `Would sync ${person.email} to the Salesforce connection of this step (${String(options.connection_id)})`,
      );
  }
}
