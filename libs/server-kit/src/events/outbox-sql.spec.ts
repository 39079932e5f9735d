import { defineEvent } from '@meridian/contracts';
import { z } from 'zod';
import { EventsError } from './events.errors';
import {
  buildOutboxRow,
  outboxChannel,
  outboxInsertParams,
  outboxRowToEnvelope,
  quoteSchema,
} from './outbox-sql';

const widgetRenamed = defineEvent({
  domain: 'test',
  entity: 'widget',
  event: 'renamed',
  version: 1,
  payload: z.object({ organisation_id: z.string(), widget_id: z.string(), name: z.string().min(1) }),
  key: (p) => p.widget_id,
});

describe('outbox rows', () => {
  it('takes name and key from the catalogue definition and keeps the correlation id', () => {
    const row = buildOutboxRow(
      widgetRenamed,
      { organisation_id: 'o1', widget_id: 'w1', name: 'Blue' },
      'corr-1',
    );
    expect(row).toMatchObject({
      name: 'test.widget.renamed.v1',
      key: 'w1',
      payload: { organisation_id: 'o1', widget_id: 'w1', name: 'Blue' },
      correlation_id: 'corr-1',
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('strips keys the schema does not know, so the payload is exactly the contract', () => {
    const payload = { organisation_id: 'o1', widget_id: 'w1', name: 'Blue', password: 'hunter2' };
    const row = buildOutboxRow(widgetRenamed, payload, undefined);
    expect(row.payload).toEqual({ organisation_id: 'o1', widget_id: 'w1', name: 'Blue' });
    expect(row.correlation_id).toBeNull();
  });

  it('refuses a payload that breaks its schema, naming the field but not the value', () => {
    const attempt = () =>
      buildOutboxRow(widgetRenamed, { organisation_id: 'o1', widget_id: 'w1', name: '' }, undefined);
    expect(attempt).toThrow(EventsError);
    try {
      attempt();
    } catch (error) {
      expect((error as EventsError).code).toBe('InvalidEventPayloadException');
      expect((error as EventsError).issues).toHaveLength(1);
      expect((error as EventsError).issues[0]).toMatch(/^name: /);
      expect((error as EventsError).status).toBe(500);
    }
  });

  it('passes the payload as JSON text and names the relay channel after the schema', () => {
    const row = buildOutboxRow(
      widgetRenamed,
      { organisation_id: 'o1', widget_id: 'w1', name: 'Blue' },
      'c',
      'id-1',
    );
    expect(outboxInsertParams('reports', row)).toEqual([
      'id-1',
      'test.widget.renamed.v1',
      'w1',
      '{"organisation_id":"o1","widget_id":"w1","name":"Blue"}',
      'c',
      'meridian_outbox_reports',
    ]);
  });

  it('refuses schema names that are not plain identifiers', () => {
    expect(quoteSchema('campaign')).toBe('"campaign"');
    expect(() => quoteSchema('campaign"; DROP TABLE x; --')).toThrow(/schema name/);
    expect(() => quoteSchema('Campaign')).toThrow();
    expect(() => outboxChannel('')).toThrow();
  });

  it('turns a claimed row into an envelope, leaving out a missing correlation id', () => {
    const occurred = new Date('2026-01-02T03:04:05.000Z');
    const base = {
      id: 'e1',
      name: 'test.widget.renamed.v1',
      key: 'w1',
      payload: { a: 1 },
      occurred_at: occurred,
    };
    expect(outboxRowToEnvelope({ ...base, correlation_id: null })).toEqual({
      id: 'e1',
      name: 'test.widget.renamed.v1',
      key: 'w1',
      payload: { a: 1 },
      occurred_at: '2026-01-02T03:04:05.000Z',
    });
    expect(outboxRowToEnvelope({ ...base, correlation_id: 'c1' }).correlation_id).toBe('c1');
  });
});
