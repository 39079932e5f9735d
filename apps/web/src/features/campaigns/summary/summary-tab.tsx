import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { defaultRule, nextRunTimes, type Rule, type Schedule } from '@meridian/contracts';
import { formatCalendarDay, formatDateTime } from '@/lib/format-date';
import type { CampaignEditorContext } from '../editor/editor-context';
import { ruleKindLabels, rulePeriodLabels } from '../schedule/rule-form';
import { frequencyText, runTypeLabels } from '../schedule/schedule-labels';

/** How many coming runs the summary lists. */
export const SUMMARY_NEXT_RUNS = 5;

export interface SummaryTabProps extends CampaignEditorContext {
  schedule: Schedule | null;
  rule: Rule | null;
  /** People the dynamic list selects; null while unknown. */
  audienceCount: number | null;
  onEditDynamicList(): void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" mt={2}>
        {children}
      </Text>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A run time in the schedule's own zone, as the user who set it reads it. */
function inZone(at: Date, zone: string): string {
  return at.toLocaleString('en-US', { timeZone: zone, dateStyle: 'long', timeStyle: 'short' });
}

/** Spec 2 Summary: qualification, schedule with its next runs, the dynamic list and a side panel. */
export function SummaryTab(props: SummaryTabProps) {
  const { campaign, schedule } = props;
  const rule = props.rule ?? defaultRule();
  const config = schedule?.run_config ?? {};
  const zone = schedule?.time_zone ?? 'UTC';
  const runs = schedule ? nextRunTimes(schedule, new Date(), SUMMARY_NEXT_RUNS) : [];
  const period =
    rule.rule === 'once_every' && rule.recurring_period && rule.recurring_period_unit
      ? `${rule.recurring_period} ${rulePeriodLabels[rule.recurring_period_unit as keyof typeof rulePeriodLabels] ?? ''}`
      : '—';
  const dates = config.start_date
    ? `${formatCalendarDay(config.start_date)}${config.end_date && schedule?.run_type !== 'once' ? ` to ${formatCalendarDay(config.end_date)}` : ''}`
    : '—';
  const scheduledAs = runTypeLabels[schedule?.run_type ?? ''] ?? 'Not scheduled';
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card title="Campaign Qualification">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Fact label="Run each person through">
                {ruleKindLabels[rule.rule as keyof typeof ruleKindLabels] ?? '—'}
              </Fact>
              <Fact label="Run every">{period}</Fact>
            </SimpleGrid>
          </Card>
          <Card title="Campaign Schedule">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Fact label="Scheduled as">{scheduledAs}</Fact>
              <Fact label="Campaign frequency">{frequencyText(schedule)}</Fact>
              <Fact label="Scheduled dates">{dates}</Fact>
              <Fact label="Campaign time">{config.run_time ? `${config.run_time} (${zone})` : '—'}</Fact>
            </SimpleGrid>
            {runs.length > 0 ? (
              <Fact label="Next runs">
                {runs.map((at) => (
                  <span key={at.toISOString()} style={{ display: 'block' }}>
                    {inZone(at, zone)}
                  </span>
                ))}
              </Fact>
            ) : null}
          </Card>
          <Card title="Dynamic List">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" data-testid="summary-audience">
                {props.audienceCount === null ? 'Counting people…' : `${props.audienceCount} people selected`}
              </Text>
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={props.onEditDynamicList}
              >
                Edit Dynamic List
              </Button>
            </Group>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper p="lg" withBorder>
          <Stack gap="md">
            <Fact label="campaign published on">
              {campaign.activated_at ? formatDateTime(campaign.activated_at) : 'Not published yet'}
            </Fact>
            <Fact label="created by">{campaign.created_by?.name ?? '—'}</Fact>
            <Fact label="schedule">
              {scheduledAs}
              {schedule ? ` · ${frequencyText(schedule)}` : ''}
            </Fact>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
