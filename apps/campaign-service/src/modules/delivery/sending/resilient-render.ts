import {
  entryKey,
  pairRendered,
  type PersonalisationService,
  type RenderedPerson,
  type RenderRequest,
  type RenderSources,
} from '../../assets/personalisation';
import { RenderQueueFullError, renderPoolMessages } from '../../assets/personalisation/render-pool';

/** Persons per render call: small jobs finish within the pool's deadline on a busy machine. */
const PART = 50;
/** Render calls of one batch in flight: the organisation's share of the pool, never its queue limit. */
const IN_FLIGHT = 2;
/** Persons per call when a timed-out part is tried again. */
const RETRY_PART = 10;

const timedOut = (entry: RenderedPerson) => Object.values(entry.errors).includes(renderPoolMessages.timedOut);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renders a send batch in small parts, a few at a time, waiting when the organisation's render
 * queue is full. Persons whose part hit the pool's deadline (a cold worker, a starved machine)
 * are rendered once more in smaller parts; a text that really runs away times out again and
 * fails for good, so a mail is never lost to a slow moment nor retried without end.
 */
export async function renderResilient(
  personalisation: PersonalisationService,
  orgId: string,
  request: RenderRequest,
): Promise<RenderedPerson[]> {
  // The persons' rows and the tokens are read once for the batch, not once per part.
  const sources = await personalisation.renderSources(orgId, request.persons);
  const first = await renderParts(personalisation, orgId, request, sources, PART);
  if (!first.some(timedOut)) return first;
  // Paired by entry, not person: one person may stand here once per org, each rendered apart.
  const paired = pairRendered(request.persons, first);
  const keyOf = (ref: RenderRequest['persons'][number]) => entryKey(ref.id, ref.org_id);
  const late = request.persons.filter((ref) => {
    const entry = paired.get(keyOf(ref));
    return entry !== undefined && timedOut(entry);
  });
  const again = pairRendered(
    late,
    await renderParts(personalisation, orgId, { ...request, persons: late }, sources, RETRY_PART),
  );
  return request.persons.flatMap((ref) => {
    const entry = again.get(keyOf(ref)) ?? paired.get(keyOf(ref));
    return entry ? [entry] : [];
  });
}

async function renderParts(
  personalisation: PersonalisationService,
  orgId: string,
  request: RenderRequest,
  sources: RenderSources,
  size: number,
): Promise<RenderedPerson[]> {
  const parts: RenderRequest['persons'][] = [];
  for (let i = 0; i < request.persons.length; i += size) parts.push(request.persons.slice(i, i + size));
  const results: RenderedPerson[][] = new Array<RenderedPerson[]>(parts.length);
  let next = 0;
  const lane = async () => {
    for (;;) {
      const index = next++;
      if (index >= parts.length) return;
      results[index] = await renderWhenRoom(
        personalisation,
        orgId,
        { ...request, persons: parts[index]! },
        sources,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, parts.length) }, lane));
  return results.flat();
}

async function renderWhenRoom(
  personalisation: PersonalisationService,
  orgId: string,
  request: RenderRequest,
  sources: RenderSources,
): Promise<RenderedPerson[]> {
  for (let wait = 50; ; wait = Math.min(wait * 2, 1_000)) {
    try {
      return await personalisation.renderForPersons(orgId, request, sources);
    } catch (error) {
      // Other work of the organisation fills its render queue: a send waits its turn.
      if (!(error instanceof RenderQueueFullError)) throw error;
      await pause(wait);
    }
  }
}
