import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import type { AudienceQuery, CampaignContext } from '@meridian/contracts';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmptyState } from '@/components/empty-state';
import { BuilderContext, type BuilderState } from './builder-context';
import { ConnectorToggle } from './connector-toggle';
import { OuterGroup } from './outer-group';
import { addOuterGroup, queryErrors, updateOuterGroup } from './query-state';

export interface AudienceQueryBuilderProps {
  value: AudienceQuery;
  onChange(value: AudienceQuery): void;
  campaignContext: CampaignContext;
  /** The campaign being edited, left out of the list membership choices. */
  campaignId?: string;
  readOnly?: boolean;
  /** Shows spec 5's messages at their rows (after a failed preview, count or publish). */
  showErrors?: boolean;
  /**
   * Messages the server gave for items of this query (keyed like `audienceQueryErrors`), shown
   * where the builder's own checks find nothing; the caller drops them once the query changes.
   */
  serverErrors?: Record<string, string>;
}

const ignore = () => undefined;

/** The dynamic list query builder (spec 2 "Dynamic list tab"), shared by campaigns and static lists. */
export function AudienceQueryBuilder(props: AudienceQueryBuilderProps) {
  const { value, onChange, campaignContext, campaignId, readOnly = false, showErrors = false } = props;
  const { serverErrors } = props;
  const errors = useMemo(() => ({ ...serverErrors, ...queryErrors(value) }), [value, serverErrors]);
  const state: BuilderState = {
    query: value,
    // A read-only list takes no edits at all, whatever a control lets through.
    onChange: readOnly ? ignore : onChange,
    readOnly,
    showErrors,
    errors,
    campaignContext,
    campaignId,
  };
  const addGroup = (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} />}
      onClick={() => onChange(addOuterGroup(value))}
      style={{ alignSelf: 'flex-start' }}
    >
      Add group
    </Button>
  );

  return (
    <BuilderContext.Provider value={state}>
      <Stack gap="sm">
        {value.conditions.length === 0 ? (
          <>
            <EmptyState
              icon={<IconFilter size={22} />}
              title="No groups yet"
              hint="A dynamic list selects the people who match its groups. Start with a group, then add filters to it."
              action={readOnly ? undefined : addGroup}
            />
            {showErrors && errors[''] ? (
              <Alert color="red" variant="light" role="alert">
                {errors['']}
              </Alert>
            ) : null}
          </>
        ) : (
          <>
            {value.conditions.map((group, index) => (
              <Stack key={index} gap="sm">
                {index > 0 ? (
                  <Center>
                    <ConnectorToggle
                      label={`Logic gate before ${group.name.trim() || `Group ${index + 1}`}`}
                      value={group.connector}
                      disabled={readOnly}
                      onChange={(connector) => onChange(updateOuterGroup(value, index, { connector }))}
                    />
                  </Center>
                ) : null}
                <OuterGroup group={group} index={index} />
              </Stack>
            ))}
            {readOnly ? null : addGroup}
          </>
        )}
        {readOnly ? (
          <Text size="xs" c="dimmed">
            This dynamic list is read-only.
          </Text>
        ) : null}
      </Stack>
    </BuilderContext.Provider>
  );
}
