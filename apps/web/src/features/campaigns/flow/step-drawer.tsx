import { Drawer, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { actionErrors, type FlowNode } from '@meridian/contracts';
import { hidePublishFailedToast } from '../editor/publish-toast';
import type { CampaignEditorContext } from './flow-context';
import { stepIcon, stepLabel } from './flow-steps';
import { stepPanels } from './panels/registry';

export interface StepDrawerProps extends CampaignEditorContext {
  node: FlowNode | null;
  onClose(): void;
  onChange(actionId: string, options: Record<string, unknown>): void;
}

/**
 * The side panel of the step being edited. Messages show once publishing failed (showErrors) or
 * once the user changed something here, so a fresh step does not open covered in red.
 */
export function StepDrawer({ node, onClose, onChange, ...context }: StepDrawerProps) {
  const [touched, setTouched] = useState<string | null>(null);
  // On a phone the panel takes the whole width rather than overflowing it.
  const phone = useMediaQuery('(max-width: 36em)', false);
  const Panel = node ? stepPanels[node.action_type] : null;
  const Icon = node ? stepIcon(node.action_type) : null;
  const errors = node && (context.showErrors || touched === node.action_id) ? actionErrors(node) : {};
  const opened = node !== null;
  useEffect(() => {
    if (opened) hidePublishFailedToast();
  }, [opened]);
  return (
    <Drawer
      opened={opened}
      onClose={() => {
        setTouched(null);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'md'}
      title={
        node && Icon ? (
          <Group gap="sm">
            <Icon size={20} color="var(--mantine-color-blue-6)" aria-hidden />
            <Text fw={600}>{stepLabel(node.action_type)}</Text>
          </Group>
        ) : null
      }
    >
      {node && Panel ? (
        <fieldset disabled={context.readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Panel
            key={node.action_id}
            {...context}
            node={node}
            options={node.action_options ?? {}}
            errors={errors}
            onChange={(options) => {
              if (context.readOnly) return;
              setTouched(node.action_id);
              onChange(node.action_id, options);
            }}
          />
        </fieldset>
      ) : null}
    </Drawer>
  );
}
