import { ActionIcon, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { type OperandType, operatorLabel } from './condition-operators';
import { type ConditionValue, ConditionValueInput } from './condition-value-input';
import type { PersonFieldOption } from './panel-sources';

export type ConditionPart = 'filter' | 'operator' | 'value';

export interface ConditionFieldSelect {
  fields: readonly PersonFieldOption[];
  value: string;
  onChange(field: PersonFieldOption): void;
  error?: string;
}

export interface ConditionReorder {
  index: number;
  count: number;
  onMove(from: number, to: number, by: 'up' | 'down' | 'drag'): void;
  /** Set on the row a keyboard move just landed, so focus stays on the button that moved it. */
  focus?: 'up' | 'down' | null;
}

export interface ConditionRowProps {
  /** The row's name for screen readers and its heading: 'Condition 1', 'Branch 2'. */
  label: string;
  /** Branch by filter picks the person field per row; token and value branches share one operand. */
  field?: ConditionFieldSelect;
  operandType: OperandType | null | undefined;
  operators: readonly string[];
  operator: string;
  value: ConditionValue;
  onOperatorChange(operator: string): void;
  onValueChange(value: ConditionValue): void;
  onBlur(part: ConditionPart): void;
  onRemove(): void;
  errors: Partial<Record<ConditionPart, string>>;
  reorder?: ConditionReorder;
  readOnly: boolean;
}

const DRAG_TYPE = 'application/x-meridian-condition';

const withCurrent = (data: { value: string; label: string }[], current: string) =>
  current && !data.some((item) => item.value === current)
    ? [...data, { value: current, label: current }]
    : data;

/** One condition of a branch step: operand, operator and value, with reorder and remove controls. */
export function ConditionRow(props: ConditionRowProps) {
  const { label, field, reorder, readOnly, errors } = props;
  const [draggable, setDraggable] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const first = reorder?.index === 0;
  const last = reorder ? reorder.index === reorder.count - 1 : true;

  useEffect(() => {
    if (!reorder?.focus) return;
    // At an end the pressed button is disabled: the other one keeps focus inside the row.
    const wanted = reorder.focus === 'up' ? (first ? down : up) : last ? up : down;
    wanted.current?.focus();
  }, [reorder?.focus, reorder?.index, first, last]);

  const dragHandlers = reorder &&
    !readOnly && {
      draggable,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.setData(DRAG_TYPE, String(reorder.index));
        event.dataTransfer.setData('text/plain', label);
        event.dataTransfer.effectAllowed = 'move';
      },
      onDragEnd: () => setDraggable(false),
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropTarget(true);
      },
      onDragLeave: () => setDropTarget(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDropTarget(false);
        setDraggable(false);
        const from = Number(event.dataTransfer.getData(DRAG_TYPE));
        if (Number.isInteger(from) && from !== reorder.index) reorder.onMove(from, reorder.index, 'drag');
      },
    };

  const fieldData = field
    ? withCurrent(
        field.fields.map((item) => ({ value: item.name, label: item.display })),
        field.value,
      )
    : [];
  const operatorData = withCurrent(
    props.operators.map((operator) => ({ value: operator, label: operatorLabel(operator) })),
    props.operator,
  );

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      role="group"
      aria-label={label}
      data-testid="condition-row"
      style={dropTarget ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      {...dragHandlers}
    >
      <Stack gap="xs">
        <Group gap={4} wrap="nowrap">
          {reorder && !readOnly && (
            <Tooltip label="Drag to reorder">
              <ActionIcon
                component="span"
                variant="subtle"
                color="gray"
                aria-hidden
                style={{ cursor: 'grab' }}
                onMouseDown={() => setDraggable(true)}
                onMouseUp={() => setDraggable(false)}
              >
                <IconGripVertical size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Text fw={600} size="sm" style={{ flex: 1 }}>
            {label}
          </Text>
          {reorder && !readOnly && (
            <>
              <ActionIcon
                ref={up}
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} up`}
                disabled={first}
                onClick={() => reorder.onMove(reorder.index, reorder.index - 1, 'up')}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                ref={down}
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} down`}
                disabled={last}
                onClick={() => reorder.onMove(reorder.index, reorder.index + 1, 'down')}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </>
          )}
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={props.onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {field && (
          <Select
            label="Field"
            placeholder="Select a field"
            searchable
            nothingFoundMessage="No fields found"
            data={fieldData}
            value={field.value || null}
            onChange={(name) => {
              const next = field.fields.find((item) => item.name === name);
              if (next) field.onChange(next);
            }}
            onBlur={() => props.onBlur('filter')}
            error={errors.filter}
            disabled={readOnly}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label="Operator"
          placeholder={props.operators.length === 0 ? 'Select the field first' : 'Select an operator'}
          data={operatorData}
          value={props.operator || null}
          onChange={(operator) => operator && props.onOperatorChange(operator)}
          onBlur={() => props.onBlur('operator')}
          error={errors.operator}
          disabled={readOnly || operatorData.length === 0}
          allowDeselect={false}
        />
        <ConditionValueInput
          type={props.operandType}
          operator={props.operator}
          value={props.value}
          onChange={props.onValueChange}
          onBlur={() => props.onBlur('value')}
          error={errors.value}
          disabled={readOnly}
        />
      </Stack>
    </Paper>
  );
}
