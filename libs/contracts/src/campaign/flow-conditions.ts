import { z } from 'zod';
import { flowMessages, flowRequiredText } from './flow-actions';

/**
 * Branch operators that compare with nothing, so their value may be empty; every other operator
 * needs a value ('value cannot be empty'). Keep in step with the audience operator list's names.
 */
export const BRANCH_ZERO_ARGUMENT_OPERATORS: readonly string[] = [
  'is_empty',
  'is_not_empty',
  'is_null',
  'is_not_null',
  'exists',
  'not_exists',
  'is_true',
  'is_false',
];

/** A condition's value is a list (spec 3); the value check ignores blank entries. */
const conditionValueSchema = z
  .array(z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
  .max(1000);

const hasValue = (operator: string, value: readonly unknown[] | undefined) =>
  BRANCH_ZERO_ARGUMENT_OPERATORS.includes(operator) ||
  (value ?? []).some((item) => item !== null && String(item).trim() !== '');

/** One operand row: operator required, and a value unless the operator takes none. */
function checkOperand(row: { operator: string; value?: readonly unknown[] }, ctx: z.RefinementCtx) {
  if (!hasValue(row.operator, row.value))
    ctx.addIssue({ code: 'custom', path: ['value'], message: flowMessages.valueEmpty });
}
const operandShape = {
  operator: flowRequiredText(flowMessages.valueEmpty, 100),
  value: conditionValueSchema.optional(),
};

const branchId = flowRequiredText(flowMessages.fieldsInvalid, 100);
const sequenceNumber = z.number().int().min(1);

/** Branch by filter: people matching the conditions take the primary branch, the rest the default. */
export const branchByFilterOptionsSchema = z.object({
  primary_branch_id: branchId,
  default_branch_id: branchId,
  condition: z.object(
    {
      conditions: z
        .array(
          z.object({
            sequence_number: sequenceNumber,
            condition: z
              .object({
                ...operandShape,
                type: z.string().max(50).optional(),
                filter_type: flowRequiredText(flowMessages.valueEmpty, 100),
                filter: flowRequiredText(flowMessages.valueEmpty, 200),
              })
              .superRefine(checkOperand),
          }),
          { error: flowMessages.filterConditionRequired },
        )
        .min(1, { error: flowMessages.filterConditionRequired })
        .max(100),
    },
    { error: flowMessages.filterConditionRequired },
  ),
});

/** Token and value branches: each condition opens its own branch; people matching none take the default. */
const branchConditionsSchema = z
  .array(z.object({ branch_id: branchId, condition: z.object(operandShape).superRefine(checkOperand) }), {
    error: flowMessages.conditionsRequired,
  })
  .min(1, { error: flowMessages.conditionsRequired })
  .max(50)
  .superRefine((conditions, ctx) => {
    const seen = new Set<string>();
    conditions.forEach((item, index) => {
      if (seen.has(item.branch_id))
        ctx.addIssue({ code: 'custom', path: [index, 'branch_id'], message: flowMessages.fieldsInvalid });
      seen.add(item.branch_id);
    });
  });

export const branchByTokenOptionsSchema = z.object({
  token: flowRequiredText(flowMessages.optionEmpty, 200),
  default_branch_id: branchId,
  conditions: branchConditionsSchema,
});

export const branchByValueOptionsSchema = z.object({
  filter: flowRequiredText(flowMessages.optionEmpty, 200),
  filter_type: z.string().max(50).optional(),
  default_branch_id: branchId,
  conditions: branchConditionsSchema,
});

/** Spec 4: update-by modes token, formula (numeric fields only) or custom value. */
export const updateModeSchema = z.enum(['token', 'formula', 'custom_value']);
export const formulaOperators = ['add', 'subtract', 'multiply', 'divide'] as const;

const isNumber = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

export const updateOperationSchema = z
  .object({
    filter: flowRequiredText(flowMessages.fieldRequired, 200),
    type: z.enum(updateModeSchema.options, { error: flowMessages.actionRequired }),
    token: z.string().max(200).nullish(),
    operator: flowRequiredText(flowMessages.actionRequired, 50),
    value: conditionValueSchema.optional(),
    object_type: z.literal('person').default('person'),
    filter_type: z.literal('person').default('person'),
  })
  .superRefine((op, ctx) => {
    const first = op.value?.[0];
    if (op.type === 'token' && !op.token?.trim())
      ctx.addIssue({ code: 'custom', path: ['token'], message: flowMessages.tokenRequired });
    if (op.type === 'custom_value' && !hasValue(op.operator, op.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: flowMessages.customValueInvalid });
    if (op.type === 'formula') {
      // Spec 5: division needs at least 1, the other formulas at least 0.
      const min = op.operator === 'divide' ? 1 : 0;
      if (!isNumber(first) || Number(first) < min)
        ctx.addIssue({ code: 'custom', path: ['value'], message: flowMessages.numberInvalid });
    }
  });
export type UpdateOperation = z.infer<typeof updateOperationSchema>;

export const updateValueOptionsSchema = z.object({
  operations: z
    .array(z.object({ sequence_number: sequenceNumber, operation: updateOperationSchema }), {
      error: flowMessages.operationsRequired,
    })
    .min(1, { error: flowMessages.operationsRequired })
    .max(100)
    .superRefine((operations, ctx) => {
      // Spec 5: a field can be used in only one operation.
      const seen = new Set<string>();
      operations.forEach((item, index) => {
        if (seen.has(item.operation.filter))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'operation', 'filter'],
            message: flowMessages.fieldTaken,
          });
        seen.add(item.operation.filter);
      });
    }),
});

/** Spec 4: drag-and-drop reorders conditions and renumbers sequence_number from 1. */
export function renumberConditions<T extends { sequence_number: number }>(items: readonly T[]): T[] {
  return items.map((item, index) => ({ ...item, sequence_number: index + 1 }));
}

/** Moves one item and renumbers, as dropping a dragged condition does. */
export function moveCondition<T extends { sequence_number: number }>(
  items: readonly T[],
  from: number,
  to: number,
): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return renumberConditions(items);
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumberConditions(next);
}
