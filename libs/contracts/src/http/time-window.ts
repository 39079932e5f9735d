/** A date-time without an offset is UTC. */
export function asUtc(value: string): string {
  return /(?:Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`;
}

/** A list's optional time window: either end may be left out; when both are given the end is after the start. */
export function windowInOrder(window: { start_time?: string | null; end_time?: string | null }): boolean {
  return (
    !window.start_time ||
    !window.end_time ||
    Date.parse(asUtc(window.end_time)) > Date.parse(asUtc(window.start_time))
  );
}

/** The refinement's issue for a window out of order, filed under end_time. */
export const windowIssue = (message: string) => ({ error: message, path: ['end_time'] });
