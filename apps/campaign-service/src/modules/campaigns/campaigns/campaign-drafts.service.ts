import { Injectable } from '@nestjs/common';
import {
  audienceQuerySchema,
  type Campaign,
  CONCURRENT_EDIT_WINDOW_MS,
  type DraftParts,
  flowSchema,
  nextRunTime,
  normalizeRule,
  type PublishErrors,
  publishedFlow,
  publishedSchedule,
  publishMessages,
  type Rule,
  ruleSchema,
  type Schedule,
  scheduleSchema,
  withFirstConnectorsBlank,
  workingCopyErrors,
  workingParts,
} from '@meridian/contracts';
import { z } from 'zod';
import { FlowReferencesRepository } from '../flow/flow-references.repository';
import { RunSchedulerService } from '../engine/run-scheduler.service';
import { DomainError, type RequestContext, ValidationError } from '@meridian/server-kit';
import { type CampaignEntity, isLiveCampaign } from './campaign.entity';
import { type CampaignChange, CampaignDraftsRepository } from './campaign-drafts.repository';
import { CampaignNotFoundError } from './campaigns.errors';
import type { Author } from './campaigns.repository';
import { toCampaign } from './campaigns.service';

type Json = Record<string, unknown>;
type Stamp = { updated_by: Author; updated_at: string };

const authorOf = (auth: RequestContext): Author => ({ id: auth.accountId, name: auth.name ?? auth.email });

/** Ours: the spec keeps an active campaign read-only until 'Edit campaign' is confirmed. */
export const activeCampaignMessage = "An active campaign can't be changed: choose 'Edit campaign' first";

export class CampaignActiveError extends DomainError {
  constructor() {
    super('ConflictException', { description: activeCampaignMessage });
  }
}

/** Spec 8: the refusal lists each part's message under its key. */
export class CampaignPublishError extends ValidationError {
  constructor(errors: PublishErrors) {
    const fields = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]]));
    super(fields, publishMessages.publishFailed);
  }
}

/** The last draft stamp when another user made it within the concurrent-edit window. */
export function concurrentStamp(draft: Json | null, me: string, now: Date): Stamp | null {
  const by = draft?.updated_by as Author | undefined;
  const at = typeof draft?.updated_at === 'string' ? Date.parse(draft.updated_at) : NaN;
  if (!by || typeof by.id !== 'string' || by.id === me || Number.isNaN(at)) return null;
  return now.getTime() - at < CONCURRENT_EDIT_WINDOW_MS
    ? { updated_by: { id: by.id, name: String(by.name ?? '') }, updated_at: draft?.updated_at as string }
    : null;
}

/** A dynamic list as stored: the first connector of every level blank (spec 4). */
function storedList(list: unknown): unknown {
  const parsed = z.object({ query: audienceQuerySchema }).safeParse(list);
  return parsed.success ? { ...(list as object), query: withFirstConnectorsBlank(parsed.data.query) } : list;
}

/** The schedule as it goes live, with its next run from schedule-times (at_once runs now). */
function liveSchedule(stored: unknown, active: boolean, now: Date): Json | null {
  const parsed = scheduleSchema.safeParse(stored);
  if (!parsed.success || !parsed.data) return null;
  const schedule: Schedule = publishedSchedule(parsed.data);
  const next = !active ? null : schedule.run_type === 'at_once' ? now : nextRunTime(schedule, now);
  return { ...schedule, next_run_time: next ? next.toISOString() : null };
}

function liveRule(stored: unknown): Json | null {
  const parsed = ruleSchema.safeParse(stored);
  return parsed.success && parsed.data ? (normalizeRule(parsed.data as Rule) as Json) : null;
}

/** The draft's schedule without the campaign_id it may name (spec 3), which must be the campaign's own. */
function withoutScheduleCampaign(id: string, draft: DraftParts): DraftParts {
  if (!draft.schedule) return draft;
  const { campaign_id: named, ...schedule } = draft.schedule;
  if (named && named !== id) throw new CampaignNotFoundError();
  return { ...draft, schedule };
}

/** Drafts (save, check), publish and reopening an active campaign for edits (spec 2, 4, 5). */
@Injectable()
export class CampaignDraftsService {
  constructor(
    private readonly drafts: CampaignDraftsRepository,
    private readonly references: FlowReferencesRepository,
    private readonly runs: RunSchedulerService,
  ) {}

  /**
   * The publish check: the working copy's own errors, and a flow naming a template, webhook or
   * static list that is not the organisation's (removed since, or forged) is invalid too.
   */
  private async errorsOf(organisationId: string, row: CampaignEntity, now: Date): Promise<PublishErrors> {
    const parts = workingParts(row);
    const errors = workingCopyErrors(parts, now);
    const flow = flowSchema.safeParse(parts.flow);
    if (!errors.flow && flow.success) {
      const missing = await this.references.missing(organisationId, flow.data);
      if (Object.keys(missing).length > 0) errors.flow = publishMessages.fieldsInvalid;
    }
    return errors;
  }

  async save(auth: RequestContext, id: string, draft: DraftParts) {
    const me = authorOf(auth);
    const parts = withoutScheduleCampaign(id, draft);
    const now = new Date();
    const done = await this.drafts.locked(auth.organisationId, id, (row) => {
      if (isLiveCampaign(row)) throw new CampaignActiveError();
      const warning = concurrentStamp(row.draft_data, me.id, now);
      const given: Record<string, unknown> = Object.fromEntries(
        Object.entries(parts).filter(([, value]) => value !== undefined),
      );
      if (given.rule) given.rule = normalizeRule(given.rule as Rule);
      if (given.dynamic_list) given.dynamic_list = storedList(given.dynamic_list);
      const stamp: Stamp = { updated_by: me, updated_at: now.toISOString() };
      const draft_data = { ...(row.draft_data ?? {}), ...given, ...stamp } as Json;
      return { set: { draft: true, draft_data }, result: { ...stamp, warning } };
    });
    if (!done) throw new CampaignNotFoundError();
    return { draft: done.result, campaign: toCampaign(done.row) };
  }

  async validate(auth: RequestContext, id: string) {
    const done = await this.drafts.locked(auth.organisationId, id, async (row) => ({
      set: null,
      result: await this.errorsOf(auth.organisationId, row, new Date()),
    }));
    if (!done) throw new CampaignNotFoundError();
    return { valid: Object.keys(done.result).length === 0, errors: done.result };
  }

  /** active undefined: draft.publish, which keeps the campaign's active flag. */
  async publish(auth: RequestContext, id: string, active?: boolean): Promise<Campaign> {
    const now = new Date();
    const done = await this.drafts.locked(auth.organisationId, id, async (row) => {
      const parts = workingParts(row);
      const errors = await this.errorsOf(auth.organisationId, row, now);
      if (Object.keys(errors).length > 0) throw new CampaignPublishError(errors);
      const nextActive = active ?? row.active;
      const set: CampaignChange = {
        flow: publishedFlow(parts.flow) as Json,
        dynamic_list: parts.dynamic_list ? (storedList(parts.dynamic_list) as Json) : null,
        schedule: liveSchedule(parts.schedule, nextActive, now),
        rule: liveRule(parts.rule),
        draft: false,
        draft_data: null,
        active: nextActive,
        version: row.version + 1,
        ...activation(row, nextActive, now),
      };
      return { set, result: null };
    });
    if (!done) throw new CampaignNotFoundError();
    // Older versions' runs end; an active campaign's due slot (at_once: now) is scheduled.
    await this.runs.published(auth.organisationId, id, done.row.version, done.row.active);
    return toCampaign(done.row);
  }

  /**
   * The 'Edit active campaign' confirmation: the run pauses (inactive: its open runs take no new
   * batch) and the campaign is editable; publishing again then cancels them.
   */
  async editStart(auth: RequestContext, id: string): Promise<Campaign> {
    const now = new Date();
    const done = await this.drafts.locked(auth.organisationId, id, (row) => ({
      set: row.active ? { active: false, ...activation(row, false, now) } : null,
      result: null,
    }));
    if (!done) throw new CampaignNotFoundError();
    return toCampaign(done.row);
  }
}

function activation(row: CampaignEntity, active: boolean, now: Date): CampaignChange {
  if (active) return { activated_at: now, deactivated_at: null };
  return row.active ? { deactivated_at: now } : {};
}
