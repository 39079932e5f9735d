import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { unifiedMappingMessages as m } from '@meridian/contracts';
import { IconAlertTriangle, IconPencil, IconPlus, IconSearch, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTableState } from '@/components/list-table';
import { isApiError } from '@/lib/api-error';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useAutoMap, useSaveMapping, useUnifiedMapping } from '../api/mapping';
import {
  draftErrors,
  type DraftRow,
  searchRows,
  serverErrors,
  toDraft,
  toRequest,
} from '../utils/mapping-form';
import { AddFieldModal } from './add-field-modal';
import { AdminOnly } from './admin-only';
import { AutoMapModal } from './auto-map-modal';
import { MappingTable } from './mapping-table';

/**
 * The unified person mapping (spec 2): search, Auto-map, Edit, Add new field, Save and Cancel
 * over the mapping table. Used by /crm-data and the CRM Data tab of /connections.
 */
export function CrmMappingPanel({ canEdit }: { canEdit: boolean }) {
  const mapping = useUnifiedMapping();
  const save = useSaveMapping();
  const autoMap = useAutoMap();
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<DraftRow[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [modal, setModal] = useState<'add-field' | 'auto-map' | null>(null);

  const data = mapping.data;
  const rows = draft ?? (data ? toDraft(data.mapping) : []);
  const editing = draft !== null;
  const sources = data?.sources ?? [];

  const cancel = () => {
    setDraft(null);
    setErrors({});
  };
  const submit = () => {
    if (!draft) return;
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toRequest(draft), {
      onSuccess: () => {
        cancel();
        showSuccessToast(m.updated);
      },
      onError: (error) => {
        const byRow = isApiError(error) ? serverErrors(draft, error.fieldErrors) : {};
        setErrors(byRow);
        if (Object.keys(byRow).length === 0) {
          showErrorToast((isApiError(error) && error.description) || 'Something went wrong!');
        }
      },
    });
  };

  return (
    <Stack gap="md">
      {data && !data.has_crm_source ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="no-crm-source">
          {m.noSourceBanner}
        </Alert>
      ) : null}
      <Paper p={0}>
        <Group justify="space-between" p="md" gap="sm">
          <TextInput
            aria-label="Search columns"
            placeholder={m.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Group gap="xs">
            {editing ? (
              <>
                <Button variant="default" onClick={cancel} disabled={save.isPending}>
                  Cancel
                </Button>
                <Button onClick={submit} loading={save.isPending}>
                  Save
                </Button>
              </>
            ) : (
              <>
                <AdminOnly canEdit={canEdit}>
                  <Button
                    variant="default"
                    leftSection={<IconWand size={16} />}
                    disabled={!canEdit || sources.length === 0}
                    onClick={() => setModal('auto-map')}
                  >
                    Auto-map
                  </Button>
                </AdminOnly>
                <AdminOnly canEdit={canEdit}>
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                    disabled={!canEdit}
                    onClick={() => setModal('add-field')}
                  >
                    Add new field
                  </Button>
                </AdminOnly>
                <AdminOnly canEdit={canEdit}>
                  <Button
                    leftSection={<IconPencil size={16} />}
                    disabled={!canEdit || !data}
                    onClick={() => setDraft(rows)}
                  >
                    Edit
                  </Button>
                </AdminOnly>
              </>
            )}
          </Group>
        </Group>
        <ListTableState
          loading={mapping.isPending}
          failed={mapping.isError ? { retry: () => void mapping.refetch() } : null}
          empty={rows.length === 0 || searchRows(rows, search).length === 0}
          searching={search.trim() !== ''}
          icon={IconSearch}
          noMatches={{ title: 'No person fields found', hint: 'Please change the search value' }}
          noRecords={{ title: 'No person fields found', hint: '' }}
        >
          <MappingTable
            rows={rows}
            shown={searchRows(rows, search)}
            sources={sources}
            editing={editing}
            errors={errors}
            onChange={(changed) =>
              setDraft((current) =>
                (current ?? rows).map((r) => (r.destination.name === changed.destination.name ? changed : r)),
              )
            }
          />
        </ListTableState>
      </Paper>
      <AddFieldModal opened={modal === 'add-field'} onClose={() => setModal(null)} />
      <AutoMapModal
        opened={modal === 'auto-map'}
        sources={sources}
        running={autoMap.isPending}
        onClose={() => setModal(null)}
        onConfirm={(connectionId) =>
          autoMap.mutate(connectionId, {
            onSuccess: () => {
              setModal(null);
              cancel();
              showSuccessToast(m.updated);
            },
          })
        }
      />
    </Stack>
  );
}
