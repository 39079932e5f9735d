import {
  SEGMENT_ERROR_PAGE_SIZE,
  segmentErrorsListContract,
  segmentErrorsReportContract,
  segmentEventsReportContract,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { activityRangeOf, type ActivityRangeValue } from '../utils/activity-range';
import { segmentKeys } from './segment-keys';

/** Accepted events or refused calls per local hour or day of the range. */
export function useSegmentReport(
  kind: 'events' | 'errors',
  rangeValue: ActivityRangeValue,
  tzOffset: number,
) {
  const range = activityRangeOf(rangeValue);
  return useQuery({
    queryKey: segmentKeys.report(kind, rangeValue, tzOffset),
    queryFn: ({ signal }) =>
      apiCall(
        kind === 'events' ? segmentEventsReportContract : segmentErrorsReportContract,
        { time_unit: range.time_unit, time_range: range.time_range, tz_offset: tzOffset },
        { signal, selfHandled: true },
      ),
    // Each card shows its own failure in place: no toast on top of it.
    meta: { selfHandled: true },
    placeholderData: keepPreviousData,
    // New events keep arriving: a page left open follows them.
    refetchInterval: 60_000,
  });
}

/** One page of refused calls since `startTime`, newest first (spec 9: 10 a page). */
export function useSegmentErrors(startTime: string, page: number) {
  return useQuery({
    queryKey: segmentKeys.errors(startTime, page),
    queryFn: ({ signal }) =>
      apiCall(
        segmentErrorsListContract,
        { start_time: startTime, page_number: page, page_size: SEGMENT_ERROR_PAGE_SIZE },
        { signal, selfHandled: true },
      ),
    meta: { selfHandled: true },
    placeholderData: keepPreviousData,
  });
}
