import type { DryRunEmail, DryRunStep, PersonField } from '@meridian/contracts';
import type { ListMembership } from '../audience/audience-scope';
import type { ConditionValue } from './compare';

/** The person a step is evaluated for: the ids and `person.<field>` values personalisation reads. */
export interface JourneyPerson {
  id: string;
  email: string;
  /** Unsubscribed persons get no campaign email; internal alerts about them still go out. */
  unsubscribed: boolean;
  variables: Record<string, unknown>;
  /** The product org of the run entry (org context): tokens render with that org's values. */
  orgId?: string | null;
}

/** A branch-by-filter condition as the step stores it. */
export interface BranchFilterCondition {
  filter_type: string;
  filter: string;
  operator: string;
  value: ConditionValue[];
}

/**
 * Which of these persons match every condition at `now` ('in the last N days' counts back from
 * it; a dry run past a delay asks at the wake time). It takes a batch so the engine asks once per
 * step for all persons waiting on it; the audience compiler provides it.
 */
export interface PersonFilter {
  matchesFilter(
    personIds: readonly string[],
    conditions: readonly BranchFilterCondition[],
    now: Date,
    /** Static list memberships taken as given for these persons (a dry run's earlier steps). */
    memberships?: readonly ListMembership[],
  ): Promise<string[]>;
}

export type Resolved<T> = { ok: T } | { error: string };

/** The email part of a send step, as the step's options give it. */
export interface EmailStepOptions {
  template_id: string;
  subject?: string;
  from_email?: { name?: string; email?: string };
  reply_to?: string;
  sender_meta?: { from_email?: 'text' | 'token'; reply_to?: 'text' | 'token'; from_name?: 'text' | 'token' };
  /** Internal alerts go to these addresses instead of the person. */
  internal_emails?: string[];
}

/**
 * What the evaluator reads from the rest of the service. Every method only reads: evaluating a
 * step never sends, calls or saves anything; the engine performs the outcome afterwards.
 */
export interface JourneyPorts extends PersonFilter {
  /** The token's value for the person, rendered with the token language. */
  tokenValue(person: JourneyPerson, token: string): Promise<Resolved<string>>;
  /** The email the person would get: template rendered for them, HTML-escaped values in the body. */
  renderEmail(person: JourneyPerson, options: EmailStepOptions): Promise<Resolved<DryRunEmail>>;
  webhook(webhookId: string): Promise<{ name: string; method: string; url: string } | null>;
  staticList(listId: string, personId: string): Promise<{ id: string; name: string; member: boolean } | null>;
  /**
   * The organisation's definition of a person field, so an update stores a value of the field's
   * type; null when the organisation has no such field. Without this port values are not checked.
   */
  personField?(name: string): Promise<PersonField | null>;
}

/** A step's outcome for one person, and the step that follows it (null: the path ends here). */
export interface StepOutcome extends DryRunStep {
  next_action_id: string | null;
}
