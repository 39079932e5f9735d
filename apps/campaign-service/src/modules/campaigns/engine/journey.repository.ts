import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CredentialsCipher, type Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { openHeaders, type StoredHeaders } from '../../assets/webhooks/webhook-headers';

/** A person a batch took: where they stand in the flow. */
export interface ClaimedPerson {
  person_id: string;
  current_action_id: string | null;
  org_id: string | null;
  /** Calls their webhook step has made so far. */
  attempts: number;
}

/** An entry of a run: a person, and in the org context the product org they entered for. */
export interface EntryRef {
  id: string;
  orgId: string | null;
}

/** Where an entry (person, org) goes after a step. */
export interface Move {
  personId: string;
  /** The entry's org (org context); null for a person-context entry. */
  orgId: string | null;
  state: 'active' | 'waiting' | 'completed' | 'failed';
  actionId: string | null;
  wakeAt: Date | null;
  outcome: string | null;
  /** Parked for a webhook call made after the batch commits: one more attempt is counted. */
  calling?: boolean;
  /** Leaving a step that acted on the person (see run_persons.acted). */
  acted?: boolean;
}

/** A call's outcome, recorded only while the person is still parked for that very attempt. */
export interface Settled {
  move: Move;
  fromActionId: string;
  attempt: number;
  /** Not called after all (its turn ended first): the attempt it was parked for is not counted. */
  released?: boolean;
}

export interface StepWebhook {
  name: string;
  method: string;
  url: string;
  payload: string | null;
  headers: Record<string, string>;
  timeout: number;
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** run_persons as the batches walk them, and the set-based writes of the list steps. */
@Injectable()
export class JourneyRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cipher: CredentialsCipher,
  ) {}

  private m(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.db.manager;
  }

  /**
   * Takes up to `limit` active entries (person, org) of the run, locked until the batch commits; persons another
   * worker holds are passed over, so two workers never walk the same person at once. A worker that
   * dies leaves them active at their step, for the next batch to take again. No ORDER BY: on a
   * run of 100,000 persons a sort per batch would cost more than the batch; persons of one batch
   * may stand on different steps, and each step runs once for its group.
   */
  claim(tx: Transaction, runId: string, limit: number): Promise<ClaimedPerson[]> {
    return this.m(tx).query(
      `SELECT person_id, current_action_id, org_id, attempts FROM campaign.run_persons
        WHERE run_id = $1 AND state = 'active' LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [runId, limit],
    );
  }

  /** Moves every entry of the batch in one statement (keyed by run, person and org). */
  async move(tx: Transaction, runId: string, moves: readonly Move[]): Promise<void> {
    if (moves.length === 0) return;
    await this.m(tx).query(
      `UPDATE campaign.run_persons rp
          SET state = u.state, current_action_id = u.action_id, wake_at = u.wake_at, outcome = u.outcome,
              attempts = CASE WHEN u.calling THEN rp.attempts + 1
                              WHEN u.action_id IS DISTINCT FROM rp.current_action_id THEN 0
                              ELSE rp.attempts END,
              acted = rp.acted OR u.acted, updated_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::boolean[],
                     $8::boolean[], $9::text[])
           AS u(person_id, state, action_id, wake_at, outcome, calling, acted, org_id)
        WHERE rp.run_id = $1 AND rp.person_id = u.person_id AND rp.org_key = coalesce(u.org_id, '')`,
      [
        runId,
        moves.map((m) => m.personId),
        moves.map((m) => m.state),
        moves.map((m) => m.actionId),
        moves.map((m) => m.wakeAt),
        moves.map((m) => m.outcome),
        moves.map((m) => m.calling === true),
        moves.map((m) => m.acted === true),
        moves.map((m) => m.orgId),
      ],
    );
  }

  /**
   * Records webhook outcomes in one statement. A person no longer parked for that attempt (the
   * run was cancelled, or the call's lease ran out and another worker called again) is left alone.
   */
  async settle(tx: Transaction, runId: string, settled: readonly Settled[]): Promise<void> {
    if (settled.length === 0) return;
    await this.m(tx).query(
      `UPDATE campaign.run_persons rp
          SET state = u.state, current_action_id = u.action_id, wake_at = u.wake_at, outcome = u.outcome,
              attempts = CASE WHEN u.released THEN rp.attempts - 1
                              WHEN u.action_id IS DISTINCT FROM rp.current_action_id THEN 0
                              ELSE rp.attempts END,
              updated_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::int[],
                     $9::text[], $10::boolean[])
           AS u(person_id, state, action_id, wake_at, outcome, from_action, attempt, org_id, released)
        WHERE rp.run_id = $1 AND rp.person_id = u.person_id AND rp.org_key = coalesce(u.org_id, '')
          AND rp.state = 'waiting'
          AND rp.current_action_id = u.from_action AND rp.attempts = u.attempt`,
      [
        runId,
        settled.map((s) => s.move.personId),
        settled.map((s) => s.move.state),
        settled.map((s) => s.move.actionId),
        settled.map((s) => s.move.wakeAt),
        settled.map((s) => s.move.outcome),
        settled.map((s) => s.fromActionId),
        settled.map((s) => s.attempt),
        settled.map((s) => s.move.orgId),
        settled.map((s) => s.released === true),
      ],
    );
  }

  /** Persons whose delay is over become active again; answers the runs that have some. */
  async wakeDue(tx: Transaction, now: Date): Promise<string[]> {
    const rows = (await this.m(tx).query(
      `WITH woken AS (
         UPDATE campaign.run_persons SET state = 'active', wake_at = NULL, updated_at = now()
          WHERE state = 'waiting' AND wake_at <= $1 RETURNING run_id)
       SELECT DISTINCT run_id FROM woken`,
      [now],
    )) as { run_id: string }[];
    return rows.map((row) => row.run_id);
  }

  /**
   * Adds the persons to the organisation's list (already there: unchanged; a person of two org
   * entries is named twice and added once); false if no such list.
   */
  async addToList(tx: Transaction, organisationId: string, listId: string, personIds: string[]) {
    if (!(await this.listExists(tx, organisationId, listId))) return false;
    await this.m(tx).query(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id)
       SELECT $2::uuid, u.id, $1::uuid FROM unnest($3::uuid[]) AS u(id)
       ON CONFLICT DO NOTHING`,
      [organisationId, listId, personIds],
    );
    return true;
  }

  async removeFromList(tx: Transaction, organisationId: string, listId: string, personIds: string[]) {
    if (!(await this.listExists(tx, organisationId, listId))) return false;
    await this.m(tx).query(
      `DELETE FROM campaign.static_list_members
        WHERE organisation_id = $1 AND static_list_id = $2 AND person_id = ANY($3::uuid[])`,
      [organisationId, listId, personIds],
    );
    return true;
  }

  private async listExists(tx: Transaction, organisationId: string, listId: string) {
    if (!isUuid(listId)) return false;
    const rows = (await this.m(tx).query(
      `SELECT 1 FROM campaign.static_lists WHERE organisation_id = $1 AND id = $2`,
      [organisationId, listId],
    )) as unknown[];
    return rows.length > 0;
  }

  async webhook(organisationId: string, webhookId: string): Promise<StepWebhook | null> {
    const rows = (await this.m().query(
      `SELECT organisation_id, webhook_id, name, method, url, payload, headers, headers_sealed, timeout
         FROM campaign.webhooks WHERE organisation_id = $1 AND webhook_id = $2`,
      [organisationId, webhookId],
    )) as Array<StepWebhook & StoredHeaders>;
    const row = rows[0];
    if (!row) return null;
    const { name, method, url, payload, timeout } = row;
    return { name, method, url, payload, timeout, headers: openHeaders(this.cipher, row) };
  }
}
