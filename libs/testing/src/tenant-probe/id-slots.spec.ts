import { defineEndpoint, serviceNames } from '@meridian/contracts';
import { endpointsOf } from '@meridian/server-kit';
import { z } from 'zod';
import { idSlotsOf, sampleRequest, withSlot } from './id-slots';

const endpoint = (request: z.ZodType, path = '/probe/thing.get') =>
  defineEndpoint({
    service: 'campaign',
    method: 'POST',
    path,
    access: 'bearer',
    request,
    response: z.object({}),
  });

describe('id slots of a request', () => {
  it('finds ids by name and by uuid type, nested and in arrays, with their kinds', () => {
    const e = endpoint(
      z.object({
        campaign_id: z.uuid(),
        owner: z.uuid(),
        emails: z.array(z.string()),
        person_ids: z.array(z.object({ id: z.uuid(), org_id: z.string().nullable() })).min(1),
        inclusion_list: z.object({ list_id: z.string() }).optional(),
        static_list_ids: z.array(z.uuid()).optional(),
        filepath: z.string(),
        entity_id: z.string(),
      }),
    );
    expect(idSlotsOf(e)).toEqual([
      { path: 'campaign_id', kind: 'campaign' },
      // A uuid under a name the table does not know: a slot the generator must be taught.
      { path: 'owner', kind: undefined },
      { path: 'person_ids[].id', kind: 'person' },
      { path: 'inclusion_list.list_id', kind: 'audience-list' },
      { path: 'static_list_ids[]', kind: undefined },
      { path: 'filepath', kind: 'upload' },
    ]);
  });

  it('takes path parameters as slots', () => {
    expect(idSlotsOf(endpoint(z.object({}), '/probe/:template_id/get'))).toEqual([
      { path: 'template_id', kind: 'template' },
    ]);
  });

  it('samples a request the contract accepts, reaching every slot, and fills one slot at a time', () => {
    const e = endpoint(
      z.object({
        campaign_id: z.uuid(),
        name: z.string().min(3).max(10),
        page_size: z.number().int().min(1).max(100),
        person_ids: z.array(z.object({ id: z.uuid(), email: z.email() })).optional(),
        mode: z.enum(['a', 'b']),
      }),
    );
    const slots = idSlotsOf(e);
    const sample = sampleRequest(e, slots);
    expect(e.request.safeParse(sample).success).toBe(true);
    expect(sample.person_ids).toHaveLength(1);
    const filled = withSlot(sample, 'person_ids[].id', '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11');
    expect(filled.person_ids).toEqual([
      expect.objectContaining({ id: '6b1f8c3e-4a4b-4c55-9a43-1d3c1b6f0e11' }),
    ]);
    expect(filled.campaign_id).toBe(sample.campaign_id);
    expect(sample.person_ids).not.toEqual(filled.person_ids);
  });

  it('knows the kind of every id slot of every route the services declare', () => {
    const unknown = serviceNames.flatMap((service) =>
      endpointsOf(service)
        .filter((e) => e.access !== 'public')
        .flatMap((e) =>
          idSlotsOf(e)
            .filter((s) => !s.kind)
            .map((s) => `${e.method} ${e.fullPath} ${s.path}`),
        ),
    );
    expect(unknown).toEqual([]);
  });
});
