import { actionErrors } from '@meridian/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { StepPanelProps } from './types';

export interface StepErrors {
  /** The message at an option path, once errors show (publish failed) or the user touched it. */
  at(path: string): string | undefined;
  touch(...paths: string[]): void;
  /** Forget what was touched: rows were removed or moved, so their paths now name other rows. */
  reset(): void;
}

/**
 * The step's messages checked against its type's schema on every edit, so a message clears the
 * moment the input is fixed, without waiting for the debounced save to return new `errors`.
 */
export function useStepErrors({
  node,
  options,
  showErrors,
}: Pick<StepPanelProps, 'node' | 'options' | 'showErrors'>): StepErrors {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const errors = useMemo(
    () => actionErrors({ action_type: node.action_type, action_options: options }),
    [node.action_type, options],
  );
  const touch = useCallback((...paths: string[]) => {
    setTouched((current) => {
      if (paths.every((path) => current.has(path))) return current;
      return new Set([...current, ...paths]);
    });
  }, []);
  const reset = useCallback(() => setTouched(new Set()), []);
  return useMemo(
    () => ({
      at: (path: string) => (showErrors || touched.has(path) ? errors[path] : undefined),
      touch,
      reset,
    }),
    [errors, showErrors, touched, touch, reset],
  );
}

/** A fresh branch id, as the flow's branch links name them. */
export const newBranchId = () => crypto.randomUUID();

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Keeps a branch step's ids, filling any that are missing so its branches can always be linked. */
export function withBranchIds<T extends Record<string, unknown>>(options: T, keys: readonly string[]): T {
  const missing = keys.filter((key) => !hasText(options[key]));
  if (missing.length === 0) return options;
  return { ...options, ...Object.fromEntries(missing.map((key) => [key, newBranchId()])) };
}
