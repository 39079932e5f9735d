import {
  DEFAULT_PERSON_FIELDS,
  isFieldEditable,
  type PersonFieldType,
  tokenColumnsListContract,
  type TokenReturnType,
  tokensListAllContract,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const panelKeys = {
  all: ['campaign-flow-panels'] as const,
  personFields: () => [...panelKeys.all, 'person-fields'] as const,
  tokens: () => [...panelKeys.all, 'tokens'] as const,
};

/** A person field the branch and update steps can name. */
export interface PersonFieldOption {
  name: string;
  display: string;
  type: PersonFieldType;
  custom: boolean;
  /** Spec 5 "Update modal": only fields people may change are offered for updates. */
  updatable: boolean;
}

/** A default field's editability comes from its one definition; custom fields are always editable. */
const editableDefaults = new Map(DEFAULT_PERSON_FIELDS.map((field) => [field.name, isFieldEditable(field)]));

/**
 * The organisation's visible person fields (hidden ones are left out by the call itself), the
 * same list the token editor reads, so every screen names fields the same way.
 */
export function usePersonFieldOptions() {
  return useQuery({
    queryKey: panelKeys.personFields(),
    queryFn: ({ signal }) =>
      apiCall(tokenColumnsListContract, {}, { signal }).then((r) =>
        r.columns.map((column): PersonFieldOption => ({
          name: column.name,
          display: column.display,
          type: column.type,
          custom: column.custom,
          updatable: column.custom || (editableDefaults.get(column.name) ?? true),
        })),
      ),
    staleTime: 60_000,
  });
}

export interface TokenOption {
  name: string;
  return_type: TokenReturnType;
}

/** Every saved token by name with its return type; a step stores the token's name. */
export function useTokenOptions() {
  return useQuery({
    queryKey: panelKeys.tokens(),
    queryFn: ({ signal }) =>
      apiCall(tokensListAllContract, {}, { signal }).then((r) =>
        r.records.map((token): TokenOption => ({ name: token.name, return_type: token.return_type })),
      ),
    staleTime: 60_000,
  });
}
