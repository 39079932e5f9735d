import type { AudienceQuery, CampaignContext } from '@meridian/contracts';
import { createContext, useContext } from 'react';
import { pathKey, type ItemPath } from './query-state';

/** What every row of the builder reads: the query, how to change it, and how to show it. */
export interface BuilderState {
  query: AudienceQuery;
  onChange(query: AudienceQuery): void;
  readOnly: boolean;
  /** Messages show once error checking is active (a failed preview or publish). */
  showErrors: boolean;
  errors: Record<string, string>;
  campaignContext: CampaignContext;
  /** The campaign being edited: list membership never offers it. */
  campaignId?: string;
}

export const BuilderContext = createContext<BuilderState | null>(null);

export function useBuilder(): BuilderState {
  const state = useContext(BuilderContext);
  if (!state) throw new Error('useBuilder outside AudienceQueryBuilder');
  return state;
}

/** The spec 5 message of an item, when errors are shown. */
export function useItemError(path: ItemPath): string | undefined {
  const { showErrors, errors } = useBuilder();
  return showErrors ? errors[pathKey(path)] : undefined;
}
