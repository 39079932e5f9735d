import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconEye, IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TokenPreviewRow } from '@meridian/contracts';
import { PersonLookupField, type PersonSelection } from '@/components/person-lookup';
import { usePreviewToken } from '../api/preview-token';
import { previewContext, previewPeople, type PreviewPerson } from '../utils/preview-people';
import { TOKEN_TEXTS, type PreviewGate } from '../utils/token-form';

/** How many persons one preview covers. */
export const MAX_PREVIEW_PERSONS = 5;

export interface TokenPreviewPanelProps {
  tokenId: string | null;
  tokenName: string;
  gate: PreviewGate;
  /** Changes when the token is saved: rows of an older version are dropped. */
  version: string | null;
}

let nextKey = 1;
const newPerson = (): PreviewPerson => ({ key: nextKey++, selection: null });

/** The token preview: persons looked up by email, then the token's value for each. */
export function TokenPreviewPanel({ tokenId, tokenName, gate, version }: TokenPreviewPanelProps) {
  const [people, setPeople] = useState<PreviewPerson[]>(() => [newPerson()]);
  const preview = usePreviewToken();
  const [rows, setRows] = useState<TokenPreviewRow[] | null>(null);
  const ready = previewPeople(people);

  useEffect(() => setRows(null), [version]);

  const setSelection = (key: number, selection: PersonSelection | null) =>
    setPeople((current) => current.map((person) => (person.key === key ? { ...person, selection } : person)));

  const run = () => {
    if (!tokenId || !ready) return;
    preview.mutate(
      { token_id: tokenId, person_ids: ready.map((s) => s.ref), campaign_context: previewContext(ready) },
      { onSuccess: setRows },
    );
  };

  const disabled = gate.blocked !== null || ready === null || preview.isPending;
  const button = (
    <Button
      leftSection={<IconEye size={16} />}
      onClick={run}
      disabled={disabled}
      loading={preview.isPending}
      data-testid="preview-token"
    >
      Preview
    </Button>
  );

  return (
    <Paper p="lg">
      <Stack gap="md">
        <div>
          <Text fw={650}>Preview</Text>
          <Text size="sm" c="dimmed">
            See the value this token takes for real contacts.
          </Text>
        </div>
        {gate.blocked === 'unsaved-token' ? (
          <Alert variant="light" color="gray" icon={<IconAlertTriangle size={18} />}>
            {TOKEN_TEXTS.saveBeforePreview}
          </Alert>
        ) : null}
        <Stack gap="sm">
          {people.map((person, index) => (
            <Group key={person.key} align="flex-start" wrap="nowrap" gap="xs">
              <div style={{ flex: 1 }} data-testid="preview-person">
                <PersonLookupField
                  label={index === 0 ? 'Receive as' : `Receive as (${index + 1})`}
                  onChange={(selection) => setSelection(person.key, selection)}
                />
              </div>
              {people.length > 1 ? (
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove person ${index + 1}`}
                  onClick={() => setPeople((current) => current.filter((p) => p.key !== person.key))}
                >
                  <IconX size={16} />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={people.length >= MAX_PREVIEW_PERSONS}
            onClick={() => setPeople((current) => [...current, newPerson()])}
          >
            Add person
          </Button>
          {gate.blocked === 'unsaved-changes' ? (
            <Tooltip label={TOKEN_TEXTS.saveAllUnsaved}>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          )}
        </Group>
        {rows !== null && gate.stale ? (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            title={TOKEN_TEXTS.previewStale}
          >
            {TOKEN_TEXTS.saveBeforePreview}
          </Alert>
        ) : null}
        {rows !== null && !gate.stale ? <PreviewTable rows={rows} tokenName={tokenName} /> : null}
      </Stack>
    </Paper>
  );
}

function PreviewTable({ rows, tokenName }: { rows: TokenPreviewRow[]; tokenName: string }) {
  const withOrg = rows.some((row) => row.org_id !== null || row.product_user_id !== null);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder verticalSpacing="sm" data-testid="token-preview-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            {withOrg ? <Table.Th>Org user</Table.Th> : null}
            <Table.Th>
              <Text span size="sm" fw={600} ff="monospace">
                {rows[0]?.column ?? tokenName}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.email}-${row.org_id ?? ''}-${row.product_user_id ?? ''}-${index}`}>
              <Table.Td>
                <Text size="sm">{row.email}</Text>
              </Table.Td>
              {withOrg ? (
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {[row.org_id, row.product_user_id].filter(Boolean).join(' · ') || '—'}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
                    {row.token === '' ? (
                      <Text span c="dimmed">
                        (empty)
                      </Text>
                    ) : (
                      row.token
                    )}
                  </Text>
                  {row.error ? (
                    <Tooltip label={row.error} multiline w={280}>
                      <Badge size="xs" color="orange" variant="light">
                        Fallback
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
