import { Group, Tabs, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PublishErrors } from '@meridian/contracts';

export type EditorTab = 'reports' | 'dynamic-list' | 'flow' | 'schedule' | 'summary';
export const EDITOR_TABS: { value: EditorTab; label: string }[] = [
  { value: 'reports', label: 'Reports' },
  { value: 'dynamic-list', label: 'Dynamic list' },
  { value: 'flow', label: 'Flow' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'summary', label: 'Summary' },
];

/** Which tab shows each publish error: the rule is set on the Schedule tab. */
export function tabErrors(errors: PublishErrors): Partial<Record<EditorTab, string>> {
  const schedule = [errors.schedule, errors.rule].filter(Boolean).join('; ');
  return {
    ...(errors.dynamic_list ? { 'dynamic-list': errors.dynamic_list } : {}),
    ...(errors.flow ? { flow: errors.flow } : {}),
    ...(schedule ? { schedule } : {}),
  };
}

/** The tab bar; a tab with an error carries a red icon whose tooltip (and label) says it. */
export function EditorTabs(props: {
  value: EditorTab;
  onChange(tab: EditorTab): void;
  errors: Partial<Record<EditorTab, string>>;
  panels: Record<EditorTab, ReactNode>;
  /** Tabs left out of the bar (Reports until the campaign has a run). */
  hidden?: readonly EditorTab[];
}) {
  const tabs = EDITOR_TABS.filter((tab) => !props.hidden?.includes(tab.value));
  return (
    <Tabs value={props.value} onChange={(tab) => tab && props.onChange(tab as EditorTab)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
        {tabs.map((tab) => {
          const error = props.errors[tab.value];
          return (
            <Tabs.Tab key={tab.value} value={tab.value}>
              <Group gap={6} wrap="nowrap">
                <span>{tab.label}</span>
                {error ? (
                  <Tooltip label={error} color="red" withArrow>
                    <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
                  </Tooltip>
                ) : null}
                {error ? <VisuallyHidden>: {error}</VisuallyHidden> : null}
              </Group>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
          {props.panels[tab.value]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
