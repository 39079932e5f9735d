import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { flowMessages, renumberConditions } from '@meridian/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AddButton, EmptyConditions, ListError, SourceStatus } from './panel-parts';
import { usePersonFieldOptions, useTokenOptions } from './panel-sources';
import type { StepPanelProps } from './types';
import { UpdateOperationModal } from './update-operation-modal';
import {
  describeOperation,
  type OperationDraft,
  readOperations,
  type StoredOperation,
} from './update-operations';
import { useStepErrors } from './use-step-errors';

/** Update value: person fields set from a token, a formula or a custom value, one update per field. */
export function UpdateValuePanel(props: StepPanelProps) {
  // One step's touched fields and selected condition never carry over to the next step shown.
  return <UpdateValuePanelBody key={props.node.action_id} {...props} />;
}

function UpdateValuePanelBody(props: StepPanelProps) {
  const { options, onChange, readOnly } = props;
  const errors = useStepErrors(props);
  const fields = usePersonFieldOptions();
  const tokens = useTokenOptions();
  // null: closed; -1: adding; otherwise the index of the operation being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const operations = readOperations(options);
  const fieldList = fields.data ?? [];
  const displayOf = (name: string) => fieldList.find((field) => field.name === name)?.display ?? name;

  const save = (next: StoredOperation[]) => {
    errors.reset();
    errors.touch('operations');
    onChange({ ...options, operations: renumberConditions(next) });
  };
  const saveOperation = (operation: OperationDraft) => {
    const next =
      editing === -1 || editing === null
        ? [...operations, { sequence_number: operations.length + 1, operation }]
        : operations.map((item, index) => (index === editing ? { ...item, operation } : item));
    setEditing(null);
    save(next);
  };
  // Spec 5: only updatable fields, and each field in one operation only.
  const offeredFields = fieldList.filter(
    (field) =>
      field.updatable &&
      !operations.some((item, index) => index !== editing && item.operation.filter === field.name),
  );
  const rowError = (index: number) => {
    const prefix = `operations.${index}.operation.`;
    for (const key of ['filter', 'type', 'token', 'operator', 'value'])
      if (errors.at(prefix + key)) return errors.at(prefix + key);
    return undefined;
  };
  const listError = errors.at('operations');

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Each update sets one person field. A field can be updated once per step.
      </Text>
      <SourceStatus
        what="person fields"
        pending={fields.isPending}
        failed={fields.isError}
        onRetry={() => void fields.refetch()}
      />
      {operations.length === 0 ? (
        <EmptyConditions message={flowMessages.operationsRequired} error={Boolean(listError)} />
      ) : (
        <Stack gap="xs" role="list" aria-label="Updates">
          {operations.map((item, index) => {
            const label = `Update ${index + 1}`;
            const error = rowError(index);
            return (
              <Paper key={index} withBorder p="sm" radius="md" role="listitem" aria-label={label}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {item.sequence_number}.{' '}
                      {item.operation.filter ? displayOf(item.operation.filter) : 'No field'}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {describeOperation(item.operation)}
                    </Text>
                    {error && (
                      <Text size="xs" c="red">
                        {error}
                      </Text>
                    )}
                  </Stack>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Edit ${label}`}
                        onClick={() => setEditing(index)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${label}`}
                        onClick={() => save(operations.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {operations.length > 0 && <ListError message={listError} />}
      {!readOnly && (
        <AddButton onClick={() => setEditing(-1)} disabled={fields.isPending}>
          Add update
        </AddButton>
      )}
      {editing !== null && (
        <UpdateOperationModal
          initial={editing === -1 ? null : (operations[editing]?.operation ?? null)}
          fields={offeredFields}
          tokens={tokens.data ?? []}
          onSave={saveOperation}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
