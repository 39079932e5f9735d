import { Stack } from '@mantine/core';
import { defaultRule, type Rule, type Schedule } from '@meridian/contracts';
import type { CampaignEditorContext } from '../editor/editor-context';
import { RuleForm } from './rule-form';
import { ScheduleForm } from './schedule-form';

export interface ScheduleTabProps extends CampaignEditorContext {
  schedule: Schedule | null;
  rule: Rule | null;
  onScheduleChange(schedule: Schedule): void;
  onRuleChange(rule: Rule): void;
}

/** The Schedule tab: when the campaign runs, and how often a person qualifies. */
export function ScheduleTab(props: ScheduleTabProps) {
  return (
    <Stack gap="lg">
      <ScheduleForm
        schedule={props.schedule}
        onChange={props.onScheduleChange}
        readOnly={props.readOnly}
        showErrors={props.showErrors}
      />
      <RuleForm
        rule={props.rule ?? defaultRule()}
        onChange={props.onRuleChange}
        readOnly={props.readOnly}
        showErrors={props.showErrors}
      />
    </Stack>
  );
}
