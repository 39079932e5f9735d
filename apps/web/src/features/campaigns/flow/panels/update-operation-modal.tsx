import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BRANCH_TOKEN_TYPES } from './condition-operators';
import type { PersonFieldOption, TokenOption } from './panel-sources';
import {
  emptyOperation,
  formulaMinimum,
  formulaOperatorOptions,
  formulaPreview,
  modeLabels,
  modesFor,
  type OperationDraft,
  operationErrors,
  withField,
  withMode,
} from './update-operations';

export interface UpdateOperationModalProps {
  /** The operation being edited, or null to add one. */
  initial: OperationDraft | null;
  /** Fields people may update that no other operation uses (spec 5: one operation per field). */
  fields: readonly PersonFieldOption[];
  tokens: readonly TokenOption[];
  onSave(operation: OperationDraft): void;
  onClose(): void;
}

const numberOrText = (next: number | string) => (next === '' ? [] : [next]);

/**
 * The tokens whose values a field of each type can hold: a text field any single value, the
 * other fields only values of their own kind (a run refuses, person by person, a value its field
 * cannot hold, so the modal does not offer one).
 */
const TOKEN_TYPES_FOR_FIELD: Record<PersonFieldOption['type'], readonly TokenOption['return_type'][]> = {
  string: BRANCH_TOKEN_TYPES,
  integer: ['number'],
  float: ['number'],
  boolean: ['boolean'],
  datetime: ['datetime'],
};
const shown = (item: unknown) => (typeof item === 'number' || typeof item === 'string' ? item : '');

/** Spec 5 "Update modal": a field, then how it is updated (token, formula or custom value). */
export function UpdateOperationModal({
  initial,
  fields,
  tokens,
  onSave,
  onClose,
}: UpdateOperationModalProps) {
  const [draft, setDraft] = useState<OperationDraft>(() => initial ?? emptyOperation());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = operationErrors(draft);
  const errorAt = (key: string) => (submitted || touched.has(key) ? errors[key] : undefined);
  const touch = (key: string) => setTouched((current) => new Set([...current, key]));
  const field = fields.find((item) => item.name === draft.filter);
  const fitting = TOKEN_TYPES_FOR_FIELD[field?.type ?? 'string'] ?? BRANCH_TOKEN_TYPES;
  const scalarTokens = tokens.filter((token) => fitting.includes(token.return_type));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onSave(draft);
  };

  return (
    <Modal opened onClose={onClose} title={initial ? 'Edit update' : 'Add update'} size="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Field"
            description="Only fields that can be updated and are not used by another update."
            placeholder="Select a field"
            searchable
            nothingFoundMessage="No fields left to update"
            data={fields.map((item) => ({ value: item.name, label: item.display }))}
            value={draft.filter || null}
            onChange={(name) => {
              const next = fields.find((item) => item.name === name);
              if (next) setDraft(withField(draft, next, field?.type));
              touch('filter');
            }}
            onBlur={() => touch('filter')}
            error={errorAt('filter')}
            allowDeselect={false}
          />
          <Select
            label="Action"
            placeholder={field ? 'Select an action' : 'Select the field first'}
            data={modesFor(field?.type).map((mode) => ({ value: mode, label: modeLabels[mode] }))}
            value={draft.type || null}
            onChange={(mode) => {
              if (mode === 'token' || mode === 'formula' || mode === 'custom_value')
                setDraft(withMode(draft, mode));
              touch('type');
            }}
            onBlur={() => touch('type')}
            error={errorAt('type')}
            disabled={!field}
            allowDeselect={false}
          />
          {draft.type === 'token' && (
            <Select
              label="Token"
              placeholder="Select a token"
              searchable
              nothingFoundMessage="No tokens available"
              data={scalarTokens.map((token) => ({
                value: token.name,
                label: `${token.name} (${token.return_type})`,
              }))}
              value={draft.token}
              onChange={(token) => {
                setDraft({ ...draft, token });
                touch('token');
              }}
              onBlur={() => touch('token')}
              error={errorAt('token')}
              allowDeselect={false}
            />
          )}
          {draft.type === 'formula' && (
            <Group grow align="flex-start" gap="sm">
              <Select
                label="Operation"
                placeholder="Select"
                data={formulaOperatorOptions}
                value={draft.operator || null}
                onChange={(operator) => {
                  setDraft({ ...draft, operator: operator ?? '' });
                  touch('operator');
                }}
                onBlur={() => touch('operator')}
                error={errorAt('operator')}
                allowDeselect={false}
              />
              <NumberInput
                label="Number"
                min={formulaMinimum(draft.operator)}
                // Not clamped: a 0 to divide by gets the spec's message rather than silently becoming 1.
                clampBehavior="none"
                value={shown(draft.value[0])}
                onChange={(next) => setDraft({ ...draft, value: numberOrText(next) })}
                onBlur={() => touch('value')}
                error={errorAt('value')}
              />
            </Group>
          )}
          {draft.type === 'formula' && field && draft.operator && (
            <Text size="sm" c="dimmed">
              {errors.value
                ? `Use a number of at least ${formulaMinimum(draft.operator)}.`
                : formulaPreview(field.display, draft.operator, draft.value)}
            </Text>
          )}
          {draft.type === 'custom_value' && field && (
            <CustomValueInput
              field={field}
              value={draft.value}
              onChange={(value) => setDraft({ ...draft, value })}
              onBlur={() => touch('value')}
              error={errorAt('value')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{initial ? 'Save update' : 'Add update'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CustomValueInput({
  field,
  value,
  onChange,
  onBlur,
  error,
}: {
  field: PersonFieldOption;
  value: OperationDraft['value'];
  onChange(value: OperationDraft['value']): void;
  onBlur(): void;
  error?: string;
}) {
  const first = value[0];
  const common = { label: 'Value', onBlur, error };
  switch (field.type) {
    case 'integer':
    case 'float':
      return (
        <NumberInput
          {...common}
          placeholder="Enter a number"
          allowDecimal={field.type === 'float'}
          value={shown(first)}
          onChange={(next) => onChange(numberOrText(next))}
        />
      );
    case 'boolean':
      return (
        <Select
          {...common}
          placeholder="True or False"
          data={[
            { value: 'true', label: 'True' },
            { value: 'false', label: 'False' },
          ]}
          value={typeof first === 'boolean' ? String(first) : null}
          onChange={(next) => onChange(next === null ? [] : [next === 'true'])}
          allowDeselect={false}
        />
      );
    case 'datetime':
      return (
        <TextInput
          size="sm"
          {...common}
          type="date"
          value={typeof first === 'string' ? first : ''}
          onChange={(event) => onChange([event.currentTarget.value])}
        />
      );
    case 'string':
      return (
        <TextInput
          size="sm"
          {...common}
          placeholder="Enter a value"
          value={typeof first === 'string' ? first : ''}
          onChange={(event) => onChange([event.currentTarget.value])}
        />
      );
  }
}
