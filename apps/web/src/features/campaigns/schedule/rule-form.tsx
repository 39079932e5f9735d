import { Group, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Rule, ruleErrors, type RuleKind, withRuleKind } from '@meridian/contracts';

export interface RuleFormProps {
  rule: Rule;
  onChange(rule: Rule): void;
  readOnly: boolean;
  showErrors: boolean;
}

/** Spec 2 and 4: how often one person may run through the flow. */
export const ruleKindLabels: Record<RuleKind, string> = {
  once: 'Once',
  every_time: 'Every time the campaign runs',
  once_every: 'Once every period',
};
export const rulePeriodLabels = { days: 'Days', weeks: 'Weeks', months: 'Months' } as const;

/** Qualification: once (default, no re-entry), every time, or once every N days/weeks/months. */
export function RuleForm({ rule, onChange, readOnly, showErrors }: RuleFormProps) {
  const errors = showErrors ? ruleErrors(rule) : {};
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <div>
          <Title order={3} fz="lg">
            Campaign qualification
          </Title>
          <Text size="sm" c="dimmed">
            How often one person may run through this campaign&apos;s flow.
          </Text>
        </div>
        <Radio.Group
          label="Run each person through"
          value={rule.rule ?? null}
          onChange={(kind) => onChange(withRuleKind(rule, kind as RuleKind))}
          error={errors.rule ?? null}
          readOnly={readOnly}
        >
          <Group gap="lg" mt="xs">
            {Object.entries(ruleKindLabels).map(([value, label]) => (
              <Radio key={value} value={value} label={label} disabled={readOnly} />
            ))}
          </Group>
        </Radio.Group>
        {rule.rule === 'once_every' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              size="md"
              label="Run every"
              min={1}
              allowDecimal={false}
              value={rule.recurring_period ?? ''}
              onChange={(value) =>
                onChange({ ...rule, recurring_period: typeof value === 'number' ? value : null })
              }
              error={errors.recurring_period ?? null}
              readOnly={readOnly}
            />
            <Select
              size="md"
              label="Period"
              placeholder="Select an option"
              data={Object.entries(rulePeriodLabels).map(([value, label]) => ({ value, label }))}
              value={rule.recurring_period_unit ?? null}
              onChange={(unit) => onChange({ ...rule, recurring_period_unit: unit })}
              readOnly={readOnly}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
