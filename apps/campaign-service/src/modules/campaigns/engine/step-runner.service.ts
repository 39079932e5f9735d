import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  actionOptionsSchemas,
  type Flow,
  findAction,
  type FlowNode,
  outgoingLink,
} from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { entryKey } from '../../assets/personalisation';
import { personVariables } from '../../assets/personalisation/personalisation.service';
import { CrmExportService } from '../../contacts/crm-feed/crm-export.service';
import { PersonsBulkService, type PersonValue } from '../../contacts/persons/persons-bulk.service';
import { PersonsService } from '../../contacts/persons/persons.service';
import { CAMPAIGN_MAILER, type CampaignMailer, type SendRecipient } from '../journey/campaign-mailer.port';
import type { EmailStepOptions } from '../journey/journey.types';
import { evaluateStepForMany } from '../journey/step-evaluator';
import { EnginePorts } from './engine-ports';
import { type ClaimedPerson, type EntryRef, JourneyRepository, type Move } from './journey.repository';
import type { RunWithCampaign } from './runs.repository';
import { type PendingWebhookCall, WebhookStepService } from './webhook-step.service';

export const stepFailures = {
  noMailer: 'No campaign mailer is configured',
  noOutcome: 'The mailer gave no outcome for this person',
  listMissing: 'The static list of this step no longer exists',
  webhookMissing: 'The webhook of this step no longer exists',
} as const;

/** The saved tokens (or token code) a step reads per person: a token branch's, token updates'. */
export function tokensOf(node: FlowNode): string[] {
  const options = (node.action_options ?? {}) as {
    token?: unknown;
    operations?: { operation?: { type?: unknown; token?: unknown } }[];
  };
  if (node.action_type === 'branch_by_token' && typeof options.token === 'string') return [options.token];
  if (node.action_type !== 'update_value' || !Array.isArray(options.operations)) return [];
  const tokens = options.operations
    .map((item) => item.operation)
    .filter((op) => op?.type === 'token' && typeof op.token === 'string')
    .map((op) => op!.token as string);
  return [...new Set(tokens)];
}

/** Where an entry goes after a step that succeeded: parked, on to the next step, or done. */
export function moveOn(entry: EntryRef, next: string | null, wakeAt: Date | null = null): Move {
  const who = { personId: entry.id, orgId: entry.orgId };
  if (wakeAt) return { ...who, state: 'waiting', actionId: next, wakeAt, outcome: null };
  return next
    ? { ...who, state: 'active', actionId: next, wakeAt: null, outcome: null }
    : { ...who, state: 'completed', actionId: null, wakeAt: null, outcome: null };
}

/** Steps that do something to or for the person (the rest only route or wait). */
const ACTING = new Set<FlowNode['action_type']>([
  'send_email',
  'send_internal_email',
  'webhook',
  'add_to_static_list',
  'remove_from_static_list',
  'update_value',
  'salesforce_manual_sync',
]);

/** One batch's walk: the calls to make after its commit, and each entry's webhook attempts so far. */
interface Walking {
  pending: PendingWebhookCall[];
  attempts: ReadonlyMap<string, number>;
}

const fail = (entry: EntryRef, outcome: string, actionId: string | null): Move => ({
  personId: entry.id,
  orgId: entry.orgId,
  state: 'failed',
  actionId,
  wakeAt: null,
  outcome,
});

/**
 * One step for the persons of a batch standing on it. Routing steps and updates are decided by
 * the step evaluator the dry run uses; acting steps run set-based for the whole group (one mailer
 * call, one list statement, one read of values exported in byte-limited events). Answers each person's move; a
 * person the mailer has no outcome for yet (shutdown) stays where they are. Webhook steps park
 * their persons and add the calls to `pending`, made once the batch has committed.
 */
@Injectable()
export class StepRunnerService {
  constructor(
    private readonly journey: JourneyRepository,
    private readonly persons: PersonsService,
    private readonly bulk: PersonsBulkService,
    private readonly ports: EnginePorts,
    private readonly webhooks: WebhookStepService,
    private readonly crm: CrmExportService,
    @Optional() @Inject(CAMPAIGN_MAILER) private readonly mailer?: CampaignMailer,
  ) {}

  async walk(
    tx: Transaction,
    run: RunWithCampaign,
    flow: Flow,
    claimed: readonly ClaimedPerson[],
    pending: PendingWebhookCall[],
    signal?: AbortSignal,
  ): Promise<Move[]> {
    const walking: Walking = {
      pending,
      attempts: new Map(claimed.map((c) => [entryKey(c.person_id, c.org_id), c.attempts])),
    };
    const rows = await this.persons.findMany(
      run.organisation_id,
      claimed.map((c) => c.person_id),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const groups = new Map<string, SendRecipient[]>();
    const moves: Move[] = [];
    for (const entry of claimed) {
      const row = byId.get(entry.person_id);
      if (!row) {
        const gone = { id: entry.person_id, orgId: entry.org_id };
        moves.push(fail(gone, 'The contact no longer exists', entry.current_action_id));
        continue;
      }
      const key = entry.current_action_id ?? '';
      const person = {
        id: row.id,
        email: row.email,
        unsubscribed: row.unsubscribed,
        variables: personVariables(row),
        orgId: entry.org_id,
      };
      groups.set(key, [...(groups.get(key) ?? []), person]);
    }
    for (const [actionId, persons] of groups) {
      const node = findAction(flow, actionId);
      const stepMoves = await this.step(tx, run, flow, node, persons, walking, signal);
      const acting = node !== undefined && ACTING.has(node.action_type);
      moves.push(...stepMoves.map((m) => (acting && m.state !== 'failed' ? { ...m, acted: true } : m)));
    }
    return moves;
  }

  private async step(
    tx: Transaction,
    run: RunWithCampaign,
    flow: Flow,
    node: FlowNode | undefined,
    persons: SendRecipient[],
    walking: Walking,
    signal?: AbortSignal,
  ): Promise<Move[]> {
    // A path that ends, or leads to a removed step, is done.
    if (!node) return persons.map((p) => moveOn(p, null));
    const id = node.action_id;
    const parsed = actionOptionsSchemas[node.action_type].safeParse(node.action_options ?? {});
    if (!parsed.success) {
      const why = `This step is not complete: ${parsed.error.issues[0]?.message ?? 'Fields are invalid'}`;
      return persons.map((p) => fail(p, why, id));
    }
    const options = parsed.data as Record<string, unknown>;
    const next = outgoingLink(flow, id)?.target ?? null;
    const everyone = (result: string | null) =>
      persons.map((p) => (result === null ? moveOn(p, next) : fail(p, result, id)));
    // Person-level actions (lists, CRM values) act once per person, however many orgs they entered for.
    const ids = [...new Set(persons.map((p) => p.id))];

    switch (node.action_type) {
      case 'delay':
      case 'branch_by_filter':
      case 'branch_by_token':
      case 'branch_by_value':
      case 'update_value':
        return this.evaluated(tx, run, flow, node, persons);
      case 'send_email':
      case 'send_internal_email':
        return this.send(run, node, options as unknown as EmailStepOptions, persons, next, signal);
      case 'webhook': {
        const webhook = await this.journey.webhook(run.organisation_id, String(options.webhook_id));
        if (!webhook) return everyone(stepFailures.webhookMissing);
        const parked = this.webhooks.park(
          {
            runId: run.id,
            organisationId: run.organisation_id,
            campaignContext: run.campaign_context,
            webhook,
            actionId: id,
            next,
          },
          persons.map((p) => ({
            id: p.id,
            email: p.email,
            orgId: p.orgId,
            attempts: walking.attempts.get(entryKey(p.id, p.orgId)) ?? 0,
          })),
        );
        if (parked.pending) walking.pending.push(parked.pending);
        return parked.moves;
      }
      case 'add_to_static_list':
      case 'remove_from_static_list': {
        const change = node.action_type === 'add_to_static_list' ? 'addToList' : 'removeFromList';
        const found = await this.journey[change](
          tx,
          run.organisation_id,
          String(options.static_list_id),
          ids,
        );
        return everyone(found ? null : stepFailures.listMissing);
      }
      case 'salesforce_manual_sync': {
        // The persons' current values go to the integrations service, which pushes them under the API budget.
        await this.crm.forStep(
          tx,
          {
            organisationId: run.organisation_id,
            connectionId: String(options.connection_id),
            campaignId: run.campaign_id,
            runId: run.id,
            actionId: id,
          },
          ids,
        );
        return everyone(null);
      }
    }
  }

  /** Delays, branches and updates: the evaluator decides; updates are then written set-based. */
  private async evaluated(
    tx: Transaction,
    run: RunWithCampaign,
    flow: Flow,
    node: FlowNode,
    persons: SendRecipient[],
  ): Promise<Move[]> {
    const ports = await this.ports.forBatch(
      run.organisation_id,
      run.campaign_context,
      persons,
      tokensOf(node),
    );
    const outcomes = await evaluateStepForMany(flow, node.action_id, persons, ports, new Date());
    const values: PersonValue[] = outcomes.flatMap((outcome, i) =>
      outcome.status === 'ok'
        ? (outcome.updates ?? []).map((u) => ({ personId: persons[i]!.id, field: u.field, value: u.value }))
        : [],
    );
    await this.bulk.writeValues(run.organisation_id, values, tx);
    return outcomes.map((outcome, i) =>
      outcome.status === 'error'
        ? fail(persons[i]!, outcome.explanation, node.action_id)
        : moveOn(persons[i]!, outcome.next_action_id, outcome.wake_at ? new Date(outcome.wake_at) : null),
    );
  }

  private async send(
    run: RunWithCampaign,
    node: FlowNode,
    options: EmailStepOptions,
    persons: SendRecipient[],
    next: string | null,
    signal?: AbortSignal,
  ): Promise<Move[]> {
    // Thrown, not recorded: the batch rolls back and its job retries once a mailer is bound.
    if (!this.mailer) throw new Error(stepFailures.noMailer);
    const scope = {
      organisationId: run.organisation_id,
      campaign: { id: run.campaign_id, name: run.name, context: run.campaign_context },
      runId: run.id,
      actionId: node.action_id,
    };
    const outcomes =
      node.action_type === 'send_email'
        ? await this.mailer.sendCampaignEmails(scope, options, persons, signal)
        : await this.mailer.sendInternalAlerts(scope, options, persons, signal);
    const answered = new Set(outcomes.map((o) => entryKey(o.personId, o.orgId)));
    return persons.flatMap((p) => {
      if (answered.has(entryKey(p.id, p.orgId))) return [moveOn(p, next)];
      // Stopped early: the next batch takes them again and the mailer answers what it already did.
      return signal?.aborted ? [] : [fail(p, stepFailures.noOutcome, node.action_id)];
    });
  }
}
