import { Button, Group, Select, Stack, Tooltip } from '@mantine/core';
import { marketingEventSchema, type AudienceGroup, type AudienceLeaf } from '@meridian/contracts';
import { IconPlus } from '@tabler/icons-react';
import { ActivityRow } from './activity-row';
import { useAudienceEvents } from './api';
import { useBuilder, useItemError } from './builder-context';
import { ItemFrame } from './item-frame';
import { marketingEventLabels, rowLabels } from './labels';
import {
  addChild,
  canAddRow,
  newActivityRow,
  removeItem,
  setActivityEvent,
  setMarketingCampaigns,
  updateItem,
  type ActivityRowKind,
  type ItemPath,
} from './query-state';

export interface ActivityGroupProps {
  group: AudienceGroup;
  path: ItemPath;
  name: string;
}

const PRODUCT_ROWS: ActivityRowKind[] = ['property', 'frequency', 'time_frame'];
const MARKETING_ROWS: ActivityRowKind[] = ['campaign', 'template', 'link_clicked', 'time_frame', 'frequency'];
/** Frequency and time frame qualify the whole group, so no logic gate sits before them. */
const QUALIFIERS = ['frequency', 'time_frame'];

/** A product or marketing activity filter: the event, then its rows. */
export function ActivityGroup({ group, path, name }: ActivityGroupProps) {
  const { query, onChange, readOnly } = useBuilder();
  const product = group.filter_type === 'product_activity';
  const event = group.filter ?? '';
  const events = useAudienceEvents(product);
  const eventError = useItemError(path);
  const kinds = product ? PRODUCT_ROWS : MARKETING_ROWS;
  let conditionIndex = 0;

  return (
    <Stack gap="xs">
      <Select
        size="sm"
        aria-label={`${product ? 'Event' : 'Email event'} of ${name}`}
        placeholder={
          product
            ? events.isError
              ? 'Events could not be loaded'
              : 'Search events'
            : 'Choose an email event'
        }
        searchable={product}
        limit={product ? 100 : undefined}
        nothingFoundMessage="No matching events"
        disabled={readOnly}
        error={eventError && !event ? true : undefined}
        data={
          product
            ? (events.data ?? [])
            : marketingEventSchema.options.map((value) => ({
                value,
                label: marketingEventLabels[value] ?? value,
              }))
        }
        value={event || null}
        onChange={(next) => next && onChange(setActivityEvent(query, path, next))}
        maw={320}
      />
      {group.children.map((child, index) => {
        if (child.type !== 'filter') return null;
        const rowPath = [...path, index];
        const qualifier = QUALIFIERS.includes(child.filter);
        const rowName = `${rowLabels[child.filter as ActivityRowKind]?.toLowerCase() ?? 'row'} ${index + 1} of ${name}`;
        return (
          <ActivityRowFrame
            key={index}
            row={child}
            path={rowPath}
            index={qualifier ? 0 : conditionIndex++}
            name={rowName}
            event={event}
          />
        );
      })}
      {readOnly ? null : (
        <Group gap={6} wrap="wrap">
          {kinds.map((kind) => {
            const allowed = canAddRow(group, kind);
            const button = (
              <Button
                key={kind}
                size="compact-sm"
                variant="light"
                color="gray"
                leftSection={<IconPlus size={14} />}
                disabled={!allowed}
                onClick={() => onChange(addChild(query, path, newActivityRow(kind, group)))}
              >
                {kind === 'property' ? 'Add new property' : rowLabels[kind]}
              </Button>
            );
            // Says why a row cannot be added: no event yet, or it is there already.
            return allowed ? (
              button
            ) : (
              <Tooltip key={kind} label={disabledReason(kind, event)}>
                <span>{button}</span>
              </Tooltip>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}

function disabledReason(kind: ActivityRowKind, event: string): string {
  if (kind === 'property') return 'Choose an event first';
  if (kind === 'link_clicked' && event !== 'clicked') return 'Only for the Clicked event';
  return `${rowLabels[kind]} can be added once per filter`;
}

function ActivityRowFrame(props: {
  row: AudienceLeaf;
  path: ItemPath;
  index: number;
  name: string;
  event: string;
}) {
  const { row, path, index, name, event } = props;
  const { query, onChange } = useBuilder();
  const error = useItemError(path);
  return (
    <ItemFrame
      variant="row"
      index={index}
      connector={row.connector}
      onConnectorChange={(connector) => onChange(updateItem(query, path, (item) => ({ ...item, connector })))}
      name={name}
      onRemove={() => onChange(removeItem(query, path))}
      error={error}
    >
      <ActivityRow
        row={row}
        event={event}
        name={name}
        invalid={error !== undefined}
        onChange={(next) => onChange(updateItem(query, path, () => next))}
        onCampaignsChange={(ids) => onChange(setMarketingCampaigns(query, path, ids))}
      />
    </ItemFrame>
  );
}
