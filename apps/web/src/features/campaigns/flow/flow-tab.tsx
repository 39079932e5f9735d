import { Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconClock, IconLayoutGridAdd, IconMail, IconRoute, IconWebhook } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ActionType, findAction, FLOW_ROOT, isBranchActionType } from '@meridian/contracts';
import { EmptyState } from '@/components/empty-state';
import { openRemoveConfirm } from '@/components/list-page/open-remove-confirm';
import type { CampaignEditorContext } from '../editor/editor-context';
import { AddStepModal } from './add-step-modal';
import type { FlowCanvasActions } from './flow-nodes';
import type { AddPlace } from './flow-layout';
import { stepLabel } from './flow-steps';
import { EMPTY_FLOW_FOCUS_TARGET, refocusWhenLost, stepCard, stepFocusTarget } from './refocus';
import { StepDrawer } from './step-drawer';
import { useFlowEditor } from './use-flow-editor';

export interface FlowSaved {
  flow: Record<string, unknown>;
  updated_at: string;
  updated_by: { id: string; name: string } | null;
}

export interface FlowTabProps extends CampaignEditorContext {
  /** People the dynamic list selects now, for the top node; null while unknown. */
  audienceCount: number | null;
  /** Called after each flow/action call succeeds, so the header shows the new saved time. */
  onFlowSaved(result: FlowSaved): void;
  /** The top node's pencil: switch to the Dynamic list tab. */
  onEditDynamicList(): void;
  /** Whether step edits wait for their debounced save, so the editor's leave guard asks first. */
  onDirtyChange?(dirty: boolean): void;
  /** Filled with a function that saves waiting step edits, so publishing sends what the user sees. */
  flushRef?: { current: (() => Promise<void>) | null };
}

// React Flow and its CSS load with this tab only.
const FlowCanvas = lazy(async () => ({ default: (await import('./flow-canvas')).FlowCanvas }));

const quickSteps: { type: ActionType; label: string; icon: typeof IconMail }[] = [
  { type: 'send_email', label: 'Send email', icon: IconMail },
  { type: 'webhook', label: 'Webhook', icon: IconWebhook },
  { type: 'delay', label: 'Delay', icon: IconClock },
];

/** The Flow tab: the React Flow graph, the 'Add flow step' modal and the steps' side panels. */
export function FlowTab(props: FlowTabProps) {
  const { campaign, readOnly, showErrors, audienceCount, onEditDynamicList, onFlowSaved } = props;
  const editor = useFlowEditor(campaign, onFlowSaved);
  const { flushRef } = props;
  useEffect(() => {
    if (!flushRef) return;
    flushRef.current = editor.flush;
    return () => {
      flushRef.current = null;
    };
  }, [flushRef, editor.flush]);
  const { addStep, removeStep } = editor;
  const [placing, setPlacing] = useState<AddPlace | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? (findAction(editor.flow, selectedId) ?? null) : null;

  const add = useCallback(
    (type: ActionType, place: AddPlace | null) => {
      setPlacing(null);
      void addStep(type, place)
        .then((saved) => setSelectedId(saved.action_id))
        .catch(() => undefined);
    },
    [addStep],
  );

  const flow = editor.flow;
  // Read through a ref: the cards' actions must not change with every keystroke's new flow.
  const flowRef = useRef(flow);
  flowRef.current = flow;
  const confirmRemove = useCallback(
    (actionId: string) => {
      const node = findAction(flowRef.current, actionId);
      if (!node) return;
      const branch = isBranchActionType(node.action_type);
      // Where the focus goes once the step is gone: the step that moves up into its place, else the
      // step above it, else the empty flow's first button.
      const links = flowRef.current.links;
      const next = branch ? undefined : links.find((link) => link.source === actionId)?.target;
      const above = links.find((link) => link.target === actionId)?.source ?? FLOW_ROOT;
      const targets = [next, above, FLOW_ROOT]
        .filter((id): id is string => id !== undefined)
        .map(stepFocusTarget)
        .concat(EMPTY_FLOW_FOCUS_TARGET);
      openRemoveConfirm({
        title: `Remove ${stepLabel(node.action_type)}`,
        message: branch
          ? 'Remove this step? Its branches and every step in them are removed with it.'
          : 'Remove this step? The next step moves up in its place.',
        confirmLabel: 'Remove',
        onConfirm: () => {
          setSelectedId((current) => (current === actionId ? null : current));
          void removeStep(actionId)
            .then(() => refocusWhenLost(targets, `${stepCard(actionId)}, [role="dialog"]`))
            .catch(() => undefined);
        },
      });
    },
    [removeStep],
  );

  // The editor may pass a new function each render; the cards keep one.
  const editListRef = useRef(onEditDynamicList);
  editListRef.current = onEditDynamicList;
  const editDynamicList = useCallback(() => editListRef.current(), []);

  const actions = useMemo<FlowCanvasActions>(
    () => ({
      audienceCount,
      readOnly,
      showErrors,
      selectedId,
      onEditDynamicList: editDynamicList,
      onAdd: setPlacing,
      onOpen: setSelectedId,
      onRemove: confirmRemove,
    }),
    [audienceCount, readOnly, showErrors, selectedId, editDynamicList, confirmRemove],
  );

  const empty = !flow.nodes.some((node) => !node.is_deleted);
  return (
    <>
      {empty ? (
        <Paper withBorder radius="md" data-flow-empty>
          <EmptyState
            icon={<IconRoute size={22} />}
            title="Let's build the workflow"
            hint="Start the workflow by adding a flow step"
            action={
              readOnly ? undefined : (
                <Stack align="center" gap="sm">
                  <Group justify="center" gap={6}>
                    {quickSteps.map((step) => (
                      <Button
                        key={step.type}
                        variant="light"
                        size="sm"
                        leftSection={<step.icon size={16} />}
                        loading={editor.adding}
                        onClick={() => add(step.type, null)}
                      >
                        {step.label}
                      </Button>
                    ))}
                  </Group>
                  <Button
                    variant="subtle"
                    leftSection={<IconLayoutGridAdd size={16} />}
                    onClick={() => setPlacing({ after: 'root', branchId: null })}
                  >
                    Show more flow steps
                  </Button>
                </Stack>
              )
            }
          />
        </Paper>
      ) : (
        <Paper withBorder radius="md" h="calc(100dvh - 240px)" mih={420} style={{ overflow: 'hidden' }}>
          <Suspense
            fallback={
              <Center h="100%">
                <Loader aria-label="Loading the flow" />
              </Center>
            }
          >
            <FlowCanvas flow={flow} actions={actions} />
          </Suspense>
        </Paper>
      )}
      <AddStepModal
        opened={placing !== null}
        onClose={() => setPlacing(null)}
        onPick={(type) => add(type, placing)}
      />
      <StepDrawer
        campaign={campaign}
        readOnly={readOnly}
        showErrors={showErrors}
        node={selected}
        onClose={() => {
          // The button that opened the panel may be gone (the empty state's, once the first step
          // is added): the focus then goes to the card of the step that was being edited.
          if (selectedId) refocusWhenLost([stepFocusTarget(selectedId)]);
          setSelectedId(null);
        }}
        onChange={editor.changeOptions}
      />
    </>
  );
}
