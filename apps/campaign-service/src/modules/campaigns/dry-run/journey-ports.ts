import type { CampaignContext, DryRunEmail, PersonField } from '@meridian/contracts';
import { tokenPlaceholder } from '@meridian/contracts';
import { entryKey, pairRendered, type PersonalisationService } from '../../assets/personalisation';
import { type GlobalEmailSettings } from '../../assets/templates/template-test-send.service';
import { resolveSender, type SenderAddress, templateSenderValues } from '../../assets/templates/sender';
import type {
  EmailStepOptions,
  JourneyPerson,
  JourneyPorts,
  PersonFilter,
  Resolved,
} from '../journey/journey.types';
import type { DryRunRepository } from './dry-run.repository';

export interface PortsDeps {
  organisationId: string;
  campaignContext: CampaignContext;
  repository: DryRunRepository;
  personalisation: PersonalisationService;
  globalSettings: GlobalEmailSettings;
  platformSender: SenderAddress;
  filter: PersonFilter;
}

type SenderKey = 'from_name' | 'from_email' | 'reply_to';
const SENDER_KEYS: SenderKey[] = ['from_name', 'from_email', 'reply_to'];

/** A token option is a saved token's name; code typed in the option is used as written. */
const tokenText = (token: string) => (token.includes('{{') ? token : tokenPlaceholder(token));

const address = (from: SenderAddress) => (from.name ? `${from.name} <${from.email}>` : from.email);

/** The step's own sender text for a field (a token name when the step says token). */
function stepSender(options: EmailStepOptions, key: SenderKey): string | undefined {
  const value =
    key === 'from_name'
      ? options.from_email?.name
      : key === 'from_email'
        ? options.from_email?.email
        : options.reply_to;
  return value?.trim() || undefined;
}

/**
 * The values of saved tokens (or token code) for many persons, in one render call: the engine
 * asks for a whole batch before its steps are evaluated. Keyed by `tokenKey(person, token)`.
 */
export async function tokenValues(
  deps: Pick<PortsDeps, 'organisationId' | 'campaignContext' | 'personalisation'>,
  persons: readonly JourneyPerson[],
  tokens: readonly string[],
): Promise<Map<string, Resolved<string>>> {
  const values = new Map<string, Resolved<string>>();
  if (persons.length === 0 || tokens.length === 0) return values;
  const texts = Object.fromEntries(tokens.map((token, i) => [`token.${i}`, tokenText(token)]));
  const rendered = await deps.personalisation.renderForPersons(deps.organisationId, {
    texts,
    persons: persons.map((p) => ({
      id: p.id,
      email: p.email,
      org_id: p.orgId ?? null,
      product_user_id: null,
    })),
    campaignContext: deps.campaignContext,
  });
  // Paired by entry: one person may stand in a batch once per org, with that org's values.
  for (const [key, result] of pairRendered(
    persons.map((p) => ({ id: p.id, org_id: p.orgId ?? null })),
    rendered,
  ))
    tokens.forEach((token, i) => {
      const error = result.errors[`token.${i}`];
      values.set(`${key}\u0000${token}`, error ? { error } : { ok: result.texts[`token.${i}`] ?? '' });
    });
  return values;
}

export const tokenKey = (person: JourneyPerson, token: string) =>
  `${entryKey(person.id, person.orgId ?? null)}\u0000${token}`;

/**
 * The evaluator's ports for one organisation, built on the service's read paths: the render pool
 * for tokens and emails, SELECTs for assets. None of them sends, calls or writes.
 */
export function journeyPorts(deps: PortsDeps): JourneyPorts {
  const fields = new Map<string, Promise<PersonField | null>>();
  const render = async (person: JourneyPerson, texts: Record<string, string>, html: boolean) => {
    const [rendered] = await deps.personalisation.renderForPersons(deps.organisationId, {
      texts,
      // Decisions, "Personalised HTML": values land escaped in the email body, as is elsewhere.
      modes: html ? { content: 'html' } : {},
      persons: [{ id: person.id, email: person.email, org_id: person.orgId ?? null, product_user_id: null }],
      campaignContext: deps.campaignContext,
    });
    return rendered;
  };

  const renderEmail = async (
    person: JourneyPerson,
    options: EmailStepOptions,
  ): Promise<Resolved<DryRunEmail>> => {
    const template = await deps.repository.template(deps.organisationId, options.template_id);
    if (!template) return { error: 'The email template of this step no longer exists' };
    const texts: Record<string, string> = {
      subject: options.subject?.trim() || template.subject || '',
      content: template.content ?? '',
    };
    for (const key of SENDER_KEYS) {
      const value = stepSender(options, key);
      if (value && options.sender_meta?.[key] === 'token') texts[`sender.${key}`] = tokenText(value);
    }
    const rendered = await render(person, texts, true);
    if (!rendered) return { error: 'The contact no longer exists' };
    const failed = Object.entries(rendered.errors).find(([key]) => key in texts);
    if (failed) return { error: `Personalisation of ${failed[0]} failed: ${failed[1]}` };
    const own = Object.fromEntries(
      SENDER_KEYS.map((key) => [
        key,
        options.sender_meta?.[key] === 'token'
          ? rendered.texts[`sender.${key}`]?.trim() || undefined
          : stepSender(options, key),
      ]),
    ) as Record<SenderKey, string | undefined>;
    const fallback = templateSenderValues(template, {});
    const sender = resolveSender(
      {
        from_name: own.from_name ?? fallback.from_name,
        from_email: own.from_email ?? fallback.from_email,
        reply_to: own.reply_to ?? fallback.reply_to,
      },
      deps.platformSender,
      await deps.globalSettings.get(deps.organisationId),
    );
    if ('invalid' in sender)
      return { error: `The ${sender.invalid.replace('_', ' ')} address is not a valid email` };
    return {
      ok: {
        to: options.internal_emails?.length ? options.internal_emails.join(', ') : person.email,
        // A subject is one line, whatever the tokens in it render to.
        subject: (rendered.texts.subject ?? '').replace(/\s+/g, ' ').trim(),
        from: address(sender.from),
        reply_to: sender.replyTo ?? null,
        html: rendered.texts.content ?? '',
      },
    };
  };

  return {
    matchesFilter: (ids, conditions, now, memberships) =>
      deps.filter.matchesFilter(ids, conditions, now, memberships),
    tokenValue: async (person, token) => {
      const rendered = await render(person, { value: tokenText(token) }, false);
      if (!rendered) return { error: 'The contact no longer exists' };
      const error = rendered.errors.value;
      return error ? { error } : { ok: rendered.texts.value ?? '' };
    },
    renderEmail,
    webhook: (id) => deps.repository.webhook(deps.organisationId, id),
    staticList: (id, personId) => deps.repository.staticList(deps.organisationId, id, personId),
    // Read once per field for the ports' life (one batch of a run, one dry run), not per person.
    personField: (name) => {
      if (!fields.has(name)) fields.set(name, deps.repository.personField(deps.organisationId, name));
      return fields.get(name)!;
    },
  };
}
