import type { Schedule } from '@meridian/contracts';

/** How the schedule's choices read in the form and the summary. */
export const runTypeLabels: Record<string, string> = {
  at_once: 'Now',
  once: 'Only once',
  period: 'High frequency',
  recurring: 'Recurring',
};
export const periodLabels: Record<string, string> = {
  minutes: 'Minutes',
  hours: 'Hours',
  days: 'Days',
  weeks: 'Weeks',
};
export const recurringLabels: Record<string, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};
export const monthOptionLabels: Record<string, string> = {
  first: 'First of the month',
  last: 'Last of the month',
  custom: 'Custom day',
};
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The user's own IANA zone: a schedule stores the zone of the user who set it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Every 15 minutes', 'Every 2 weeks on Monday, Thursday', 'On the last day of every month'. */
export function frequencyText(schedule: Schedule | null | undefined): string {
  const config = schedule?.run_config ?? {};
  switch (schedule?.run_type ?? null) {
    case 'at_once':
      return 'Once, when published';
    case 'once':
      return 'Once';
    case 'period': {
      const unit = (config.frequency ?? '').replace(/s$/, '');
      return typeof config.unit === 'number' && unit ? `Every ${plural(config.unit, unit)}` : '—';
    }
    case 'recurring': {
      const options = config.freq_options ?? {};
      const every = typeof options.unit === 'number' && options.unit > 1 ? options.unit : 1;
      const base = (word: string) => (every === 1 ? `Every ${word}` : `Every ${plural(every, word)}`);
      if (config.frequency === 'day') return base('day');
      if (config.frequency === 'week')
        return `${base('week')} on ${(options.day ?? []).map(capitalise).join(', ') || '—'}`;
      if (config.frequency === 'month') {
        if (options.date_string === 'first') return `${base('month')} on the first day`;
        if (options.date_string === 'last') return `${base('month')} on the last day`;
        return `${base('month')} on day ${String(options.date ?? '—')}`;
      }
      if (config.frequency === 'year' && typeof options.date === 'string') {
        const [month, day] = options.date.split('-').map(Number);
        return `${base('year')} on ${monthNames[(month ?? 1) - 1] ?? ''} ${day ?? ''}`;
      }
      return '—';
    }
    case null:
    default:
      return '—';
  }
}
