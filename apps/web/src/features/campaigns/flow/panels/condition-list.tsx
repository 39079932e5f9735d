import { ActionIcon, Group, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/** Spec 9: the condition list of a branch step is at most 150 px high and scrolls beyond. */
export const CONDITION_LIST_MAX_HEIGHT = 150;

const DRAG_TYPE = 'application/x-meridian-condition';

export interface ConditionListProps {
  /** The list's accessible name: 'Branch conditions'. */
  label: string;
  /** Each condition's name: 'Condition 1', 'Branch 2'. */
  itemLabel(index: number): string;
  /** One line per condition: what it compares, and whether its messages are showing. */
  items: readonly { summary: string; invalid: boolean }[];
  selected: number;
  onSelect(index: number): void;
  onRemove(index: number): void;
  /** Given for lists whose order counts (branch by filter): drag and drop plus Move up / Move down. */
  onMove?(from: number, to: number): void;
  /** The selected condition's inputs, shown under the compact list. */
  editor: ReactNode;
  readOnly: boolean;
}

/**
 * A compact list of conditions (spec 9's 150 px) with the selected one's inputs below it, so a
 * step with many conditions stays short and every condition is one click or Tab away.
 */
export function ConditionList(props: ConditionListProps) {
  const { items, selected, onMove, readOnly } = props;
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ index: number; by: 'up' | 'down' } | null>(null);
  const move = (from: number, to: number, by: 'up' | 'down' | 'drag') => {
    onMove?.(from, to);
    // The selected condition stays selected wherever it lands.
    if (selected === from) props.onSelect(to);
    else if (from < selected && to >= selected) props.onSelect(selected - 1);
    else if (from > selected && to <= selected) props.onSelect(selected + 1);
    setFocus(by === 'drag' ? null : { index: to, by });
    setAnnouncement(`${props.itemLabel(from)} moved to position ${to + 1} of ${items.length}`);
  };
  return (
    <Stack gap="sm">
      <ScrollArea.Autosize mah={CONDITION_LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
        <Stack gap={4} role="list" aria-label={props.label}>
          {items.map((item, index) => (
            <SummaryRow
              key={index}
              index={index}
              count={items.length}
              label={props.itemLabel(index)}
              summary={item.summary}
              invalid={item.invalid}
              selected={index === selected}
              onSelect={() => props.onSelect(index)}
              onRemove={() => props.onRemove(index)}
              onMove={onMove && !readOnly ? move : undefined}
              focus={focus?.index === index ? focus.by : null}
              readOnly={readOnly}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {props.editor}
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

interface SummaryRowProps {
  index: number;
  count: number;
  label: string;
  summary: string;
  invalid: boolean;
  selected: boolean;
  onSelect(): void;
  onRemove(): void;
  onMove?(from: number, to: number, by: 'up' | 'down' | 'drag'): void;
  focus: 'up' | 'down' | null;
  readOnly: boolean;
}

function SummaryRow({
  index,
  count,
  label,
  summary,
  invalid,
  selected,
  onMove,
  focus,
  ...props
}: SummaryRowProps) {
  const [draggable, setDraggable] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const first = index === 0;
  const last = index === count - 1;

  useEffect(() => {
    if (!focus) return;
    // At an end the pressed button is disabled: the other one keeps focus in the row.
    const wanted = focus === 'up' ? (first ? down : up) : last ? up : down;
    wanted.current?.focus();
  }, [focus, index, first, last]);

  const drag = onMove && {
    draggable,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(DRAG_TYPE, String(index));
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
      if (Number.isInteger(from) && from !== index) onMove(from, index, 'drag');
    },
  };

  const border = dropTarget
    ? 'var(--mantine-primary-color-filled)'
    : selected
      ? 'var(--mantine-primary-color-light-color)'
      : 'var(--mantine-color-gray-3)';
  return (
    <Group
      role="listitem"
      aria-label={label}
      gap={2}
      wrap="nowrap"
      px={4}
      py={2}
      style={{
        border: `1px solid ${border}`,
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-white)',
      }}
      {...drag}
    >
      {onMove && (
        <Group
          c="dimmed"
          style={{ cursor: 'grab' }}
          aria-hidden
          onMouseDown={() => setDraggable(true)}
          onMouseUp={() => setDraggable(false)}
        >
          <IconGripVertical size={16} />
        </Group>
      )}
      <UnstyledButton
        onClick={props.onSelect}
        aria-pressed={selected}
        aria-label={`Edit ${label}: ${summary}`}
        style={{ flex: 1, minWidth: 0 }}
        py={4}
        px={4}
      >
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} c={invalid ? 'red' : undefined}>
            {index + 1}.
          </Text>
          <Text size="sm" truncate c={invalid ? 'red' : undefined}>
            {summary}
          </Text>
          {invalid && <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden />}
        </Group>
      </UnstyledButton>
      {onMove && (
        <>
          <ActionIcon
            ref={up}
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} up`}
            disabled={first}
            onClick={() => onMove(index, index - 1, 'up')}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            ref={down}
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} down`}
            disabled={last}
            onClick={() => onMove(index, index + 1, 'down')}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
        </>
      )}
      {!props.readOnly && (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${label}`}
          onClick={props.onRemove}
        >
          <IconTrash size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}
