import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import { actionErrors, flowMessages } from '@meridian/contracts';
import { formatTotal } from '@/lib/format-count';
import { useCurrentStep } from './flow-node-store';
import { stepIcon, stepLabel, stepSummary } from './flow-steps';
import {
  type ActionNodeData,
  type AddNodeData,
  type AddPlace,
  CARD_WIDTH,
  type FlowLayoutNode,
  NODE_HEIGHT,
  TOP_HEIGHT,
} from './flow-layout';

/** What the node components need from the tab; a context, so the laid-out nodes never change for it. */
export interface FlowCanvasActions {
  audienceCount: number | null;
  readOnly: boolean;
  showErrors: boolean;
  selectedId: string | null;
  onEditDynamicList(): void;
  onAdd(place: AddPlace): void;
  onOpen(actionId: string): void;
  onRemove(actionId: string): void;
}
export const FlowCanvasContext = createContext<FlowCanvasActions | null>(null);
const useActions = () => useContext(FlowCanvasContext) as FlowCanvasActions;

const hidden = { opacity: 0, pointerEvents: 'none' } as const;

function TopNodeView() {
  const { audienceCount, onEditDynamicList } = useActions();
  return (
    <Paper withBorder shadow="xs" radius="md" p="md" w={CARD_WIDTH} h={TOP_HEIGHT} bg="blue.0">
      <Group justify="space-between" wrap="nowrap" h="100%">
        <Text size="sm" fw={600}>
          {audienceCount === null ? '…' : formatTotal(audienceCount)} contacts selected in Dynamic list
        </Text>
        <Tooltip label="Edit the dynamic list">
          <ActionIcon
            variant="subtle"
            aria-label="Edit the dynamic list"
            className="nodrag"
            onClick={onEditDynamicList}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </Paper>
  );
}

function ActionNodeView({ data }: NodeProps<Extract<FlowLayoutNode, { type: 'action' }>>) {
  const node = useCurrentStep((data as ActionNodeData).node);
  const { readOnly, showErrors, selectedId, onOpen, onRemove } = useActions();
  const invalid = showErrors && Object.keys(actionErrors(node)).length > 0;
  const Icon = stepIcon(node.action_type);
  const label = stepLabel(node.action_type);
  return (
    <Paper
      withBorder
      shadow={selectedId === node.action_id ? 'md' : 'xs'}
      radius="md"
      w={CARD_WIDTH}
      h={NODE_HEIGHT[node.action_type]}
      style={{
        borderColor: invalid
          ? 'var(--mantine-color-red-6)'
          : selectedId === node.action_id
            ? 'var(--mantine-color-blue-6)'
            : undefined,
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      <Group wrap="nowrap" align="flex-start" gap={0} h="100%">
        <UnstyledButton
          className="nodrag"
          p="sm"
          style={{ flex: 1, minWidth: 0, height: '100%' }}
          onClick={() => onOpen(node.action_id)}
          aria-label={`Open step ${label}`}
        >
          <Stack gap={6}>
            <Group gap={8} wrap="nowrap">
              <Icon size={18} color="var(--mantine-color-blue-6)" aria-hidden />
              <Text size="sm" fw={600} truncate>
                {label}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {stepSummary(node)}
            </Text>
            {invalid ? (
              <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                {flowMessages.fieldsInvalid}
              </Badge>
            ) : null}
          </Stack>
        </UnstyledButton>
        {readOnly ? null : (
          <Tooltip label="Remove step">
            <ActionIcon
              m={6}
              variant="subtle"
              color="gray"
              className="nodrag"
              aria-label={`Remove step ${label}`}
              onClick={(event) => {
                // The card itself opens the panel; removing must not open it too.
                event.stopPropagation();
                onRemove(node.action_id);
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </Paper>
  );
}

// The add node's own stretch of the line, so the path runs unbroken through its '+'.
const line = 'linear-gradient(var(--mantine-color-gray-4), var(--mantine-color-gray-4))';
const connector = { background: `${line} center / 1px 100% no-repeat` } as const;
const connectorEnd = { background: `${line} center top / 1px 50% no-repeat` } as const;

function AddNodeView({ data }: NodeProps<Extract<FlowLayoutNode, { type: 'add' }>>) {
  const { place, label, end } = data as AddNodeData;
  const { readOnly, onAdd } = useActions();
  return (
    <Stack
      w={CARD_WIDTH}
      h="100%"
      align="center"
      justify="center"
      gap={8}
      style={end ? connectorEnd : connector}
    >
      <Handle type="target" position={Position.Top} style={hidden} isConnectable={false} />
      {label ? (
        <Badge variant="default" tt="none" fw={500}>
          {label}
        </Badge>
      ) : null}
      {readOnly ? null : (
        <Tooltip label="Add flow step">
          <ActionIcon
            className="nodrag"
            radius="xl"
            variant="default"
            aria-label={label ? `Add flow step in branch ${label}` : 'Add flow step here'}
            onClick={() => onAdd(place)}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Handle type="source" position={Position.Bottom} style={hidden} isConnectable={false} />
    </Stack>
  );
}

/** Memoised: panning and editing options re-render no node whose data did not change. */
export const flowNodeTypes = {
  top: memo(TopNodeView),
  action: memo(ActionNodeView),
  add: memo(AddNodeView),
};
