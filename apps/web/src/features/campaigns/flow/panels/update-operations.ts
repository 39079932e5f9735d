import { formulaOperators, type PersonFieldType, updateOperationSchema } from '@meridian/contracts';
import type { ConditionValue } from './condition-value-input';
import { operatorLabel } from './condition-operators';

export type UpdateMode = 'token' | 'formula' | 'custom_value';

/** An operation as the Update modal edits it: mode and operator may still be unset. */
export interface OperationDraft {
  filter: string;
  type: UpdateMode | '';
  token: string | null;
  operator: string;
  value: ConditionValue;
  object_type: 'person';
  filter_type: 'person';
}

export interface StoredOperation {
  sequence_number: number;
  operation: OperationDraft;
}

/** The operator the token and custom value modes store: the field is set to the value. */
export const SET_VALUE = 'set_value';

export const emptyOperation = (): OperationDraft => ({
  filter: '',
  type: '',
  token: null,
  operator: '',
  value: [],
  object_type: 'person',
  filter_type: 'person',
});

const modes: readonly UpdateMode[] = ['token', 'formula', 'custom_value'];
export const modeLabels: Record<UpdateMode, string> = {
  token: 'Set from a token',
  formula: 'Apply a formula',
  custom_value: 'Set a custom value',
};

export const isNumericType = (type: PersonFieldType | undefined) => type === 'integer' || type === 'float';

/** Spec 4: formula is offered for numeric fields only. */
export const modesFor = (type: PersonFieldType | undefined): UpdateMode[] =>
  modes.filter((mode) => mode !== 'formula' || isNumericType(type));

export function readOperations(options: Record<string, unknown>): StoredOperation[] {
  const list = Array.isArray(options.operations) ? (options.operations as Partial<StoredOperation>[]) : [];
  return list.map((item, index) => {
    const op = (item.operation ?? {}) as Partial<OperationDraft>;
    return {
      sequence_number: typeof item.sequence_number === 'number' ? item.sequence_number : index + 1,
      operation: {
        ...emptyOperation(),
        filter: typeof op.filter === 'string' ? op.filter : '',
        type: op.type && modes.includes(op.type) ? op.type : '',
        token: typeof op.token === 'string' ? op.token : null,
        operator: typeof op.operator === 'string' ? op.operator : '',
        value: Array.isArray(op.value) ? op.value : [],
      },
    };
  });
}

/** Spec 4: a field of another type resets mode, token, operator and value. */
export function withField(
  draft: OperationDraft,
  field: { name: string; type: PersonFieldType },
  previousType: PersonFieldType | undefined,
): OperationDraft {
  if (previousType === field.type) return { ...draft, filter: field.name };
  return { ...emptyOperation(), filter: field.name };
}

/** A new mode starts blank: token and value of another mode mean nothing in it. */
export function withMode(draft: OperationDraft, mode: UpdateMode): OperationDraft {
  if (draft.type === mode) return draft;
  return { ...draft, type: mode, token: null, operator: mode === 'formula' ? '' : SET_VALUE, value: [] };
}

/** Spec 5: division needs at least 1, the other formulas at least 0. */
export const formulaMinimum = (operator: string) => (operator === 'divide' ? 1 : 0);

export const formulaOperatorOptions = formulaOperators.map((operator) => ({
  value: operator,
  label: operatorLabel(operator),
}));

/** The modal's messages by field ('filter', 'type', 'token', 'operator', 'value'). */
export function operationErrors(draft: OperationDraft): Record<string, string> {
  const result = updateOperationSchema.safeParse({ ...draft, type: draft.type || undefined });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/** What the operation does, in a line: 'Set from token plan', 'Add 5', "Set to 'gold'". */
export function describeOperation(op: OperationDraft): string {
  const first = op.value[0];
  if (op.type === 'token') return op.token ? `Set from token ${op.token}` : 'Set from a token';
  if (op.type === 'formula')
    return op.operator ? `${operatorLabel(op.operator)} ${first ?? ''}`.trim() : 'Apply a formula';
  if (op.type === 'custom_value')
    return first === undefined || first === null ? 'Set to empty' : `Set to ${String(first)}`;
  return 'No action chosen';
}

const formulaSymbols: Record<string, string> = { add: '+', subtract: '−', multiply: '×', divide: '÷' };

/** The formula as the field's new value reads: 'Score becomes Score + 5'; null until it is complete. */
export function formulaPreview(display: string, operator: string, value: ConditionValue): string | null {
  const symbol = formulaSymbols[operator];
  const first = value[0];
  if (!symbol || first === undefined || first === null || String(first).trim() === '') return null;
  return `${display} becomes ${display} ${symbol} ${String(first)}`;
}
