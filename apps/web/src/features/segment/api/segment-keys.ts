import type { ActivityRangeValue } from '../utils/activity-range';

export const segmentKeys = {
  all: ['segment'] as const,
  apiKeys: () => [...segmentKeys.all, 'api-keys'] as const,
  report: (kind: 'events' | 'errors', range: ActivityRangeValue, tzOffset: number) =>
    [...segmentKeys.all, 'report', kind, range, tzOffset] as const,
  errors: (startTime: string, page: number) => [...segmentKeys.all, 'errors', startTime, page] as const,
};
