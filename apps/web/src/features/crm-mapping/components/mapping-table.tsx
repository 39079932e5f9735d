import { Badge, Group, Select, Table, Text } from '@mantine/core';
import {
  type CrmSource,
  crmObjectLabels,
  type MappedCrmObject,
  mappedCrmObjects,
  type SyncPreference,
  syncPreferenceLabels,
  syncPreferenceSchema,
} from '@meridian/contracts';
import {
  changeField,
  changePreference,
  changeSource,
  type DraftRow,
  fieldOptions,
  isKeyRow,
  isMappable,
} from '../utils/mapping-form';

export const MAPPING_COLUMNS = [
  'Person Property',
  'Data Source',
  'Contact Property',
  'Lead Property',
  'Sync Preference',
];
const SOURCE_NAMES: Record<CrmSource['type'], string> = { salesforce: 'Salesforce' };
const PREFERENCE_OPTIONS = syncPreferenceSchema.options.map((value) => ({
  value,
  label: syncPreferenceLabels[value],
}));
const EMPTY = '—';

export interface MappingTableProps {
  /** Every draft row: options exclude fields other rows took. */
  rows: readonly DraftRow[];
  /** The rows shown (after the search). */
  shown: readonly DraftRow[];
  sources: readonly CrmSource[];
  editing: boolean;
  errors: Record<string, string>;
  onChange: (row: DraftRow) => void;
}

/** Spec 2 'Unified mapping': one row per person field, email first; read-only until Edit. */
export function MappingTable(props: MappingTableProps) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table data-testid="crm-mapping-table" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {MAPPING_COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.shown.map((row) => (
            <MappingRow key={row.destination.name} row={row} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MappingRow({
  row,
  rows,
  sources,
  editing,
  errors,
  onChange,
}: MappingTableProps & { row: DraftRow }) {
  const source = sources.find((s) => s.connection_id === row.connectionId);
  const display = row.destination.display;
  const editable = editing && isMappable(row.destination);
  const error = errors[row.destination.name];
  const fieldLabel = (object: MappedCrmObject) => {
    const name = row[object];
    return name === null ? EMPTY : (source?.fields[object].find((f) => f.name === name)?.label ?? name);
  };
  return (
    <Table.Tr data-row={row.destination.name}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {display}
          </Text>
          {isKeyRow(row) ? (
            <Badge size="xs" variant="light">
              Key
            </Badge>
          ) : null}
          {row.destination.custom ? (
            <Badge size="xs" variant="light" color="gray">
              Custom
            </Badge>
          ) : null}
        </Group>
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <Select
            aria-label={`Data Source for ${display}`}
            placeholder="Select a source"
            data={sources.map((s) => ({
              value: s.connection_id,
              label: `${SOURCE_NAMES[s.type]}: ${s.name}`,
            }))}
            value={row.connectionId}
            onChange={(value) => onChange(changeSource(row, value))}
            clearable
            size="xs"
          />
        ) : (
          <Text size="sm">{source ? SOURCE_NAMES[source.type] : EMPTY}</Text>
        )}
      </Table.Td>
      {mappedCrmObjects.map((object) => (
        <Table.Td key={object}>
          {editable && source ? (
            <Select
              aria-label={`${crmObjectLabels[object]} Property for ${display}`}
              placeholder="Select a field"
              data={fieldOptions(rows, row, source, object).map((f) => ({ value: f.name, label: f.label }))}
              value={row[object]}
              onChange={(value) => onChange(changeField(row, object, value))}
              clearable
              searchable
              size="xs"
            />
          ) : (
            <Text size="sm">{fieldLabel(object)}</Text>
          )}
        </Table.Td>
      ))}
      <Table.Td>
        {editable && source ? (
          <Select
            aria-label={`Sync Preference for ${display}`}
            placeholder="Select a preference"
            data={PREFERENCE_OPTIONS}
            value={row.syncPreference}
            onChange={(value) => onChange(changePreference(row, value as SyncPreference | null))}
            disabled={isKeyRow(row)}
            error={Boolean(error)}
            size="xs"
          />
        ) : (
          <Text size="sm">
            {row.syncPreference && source ? syncPreferenceLabels[row.syncPreference] : EMPTY}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
