import type { StepPanelProps } from './types';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads and writes one step's options without losing the keys a panel does not show. */
export function optionFields({
  options,
  onChange,
  errors,
}: Pick<StepPanelProps, 'options' | 'onChange' | 'errors'>) {
  return {
    text: (key: string) => text(options[key]),
    set: (key: string, value: unknown) => onChange({ ...options, [key]: value }),
    error: (path: string) => errors[path] ?? undefined,
  };
}
