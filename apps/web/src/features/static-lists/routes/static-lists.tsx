import '../styles';
import { Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, usePageState } from '@/components/pagination';
import { showSuccessToast } from '@/lib/notify';
import {
  useCreateStaticList,
  useDeleteStaticList,
  useRenameStaticList,
  useStaticLists,
} from '../api/static-lists';
import { ListNameModal } from '../components/list-name-modal';
import { StaticListsTable } from '../components/static-lists-table';

/** Spec section 9: search debounce. */
const SEARCH_DEBOUNCE_MS = 1000;

/** /lists/static-list: the organisation's static lists. */
export function StaticListsRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const lists = useStaticLists({ page_number: page, search_keyword: keyword || undefined });
  const create = useCreateStaticList();
  const rename = useRenameStaticList();
  const remove = useDeleteStaticList();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const totalPages = lists.isError ? 0 : (lists.data?.page_count ?? 0);

  const createOpen = params.get('add') === 'true';
  const setCreateOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('add', 'true');
        else next.delete('add');
        return next;
      },
      { replace: true },
    );

  return (
    <PageLayout
      title="Static lists"
      description="Fixed sets of contacts to target in campaigns, filled from a CSV file."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpen(true)}>
          New static list
        </Button>
      }
    >
      <Paper p={0}>
        <Group p="md" justify="space-between">
          <TextInput
            size="sm"
            w={300}
            leftSection={<IconSearch size={16} />}
            placeholder="Search static lists"
            aria-label="Search static lists"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              resetPage();
            }}
          />
          {lists.data ? (
            <Text size="sm" c="dimmed">
              {lists.data.total_count} {lists.data.total_count === 1 ? 'list' : 'lists'}
            </Text>
          ) : null}
        </Group>
        <StaticListsTable
          records={lists.isError ? [] : (lists.data?.records ?? [])}
          loading={lists.isPending}
          searching={keyword !== ''}
          onOpen={(list) => void navigate(protectedRoutes.staticListDetail.to({ id: list.static_list_id }))}
          onCreate={() => setCreateOpen(true)}
          onRename={(list) => setRenaming({ id: list.static_list_id, name: list.name })}
          onDelete={(list) =>
            modals.openConfirmModal({
              title: 'Delete static list',
              children: (
                <Text size="sm">
                  Are you sure about deleting <b>{list.name}</b>? Once deleted cannot be undone
                </Text>
              ),
              labels: { confirm: 'Delete', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () =>
                remove.mutate(list.static_list_id, {
                  onSuccess: () => showSuccessToast('Static list deleted successfully'),
                }),
            })
          }
        />
        {totalPages > 1 ? (
          <Box p="md">
            <Pagination page={page} totalPages={totalPages} onChange={(next) => setPage(next, totalPages)} />
          </Box>
        ) : null}
      </Paper>
      <ListNameModal
        opened={createOpen}
        title="New static list"
        submitLabel="Create"
        saving={create.isPending}
        onClose={() => setCreateOpen(false)}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: ({ static_list }) => {
              showSuccessToast('Static list created successfully');
              setCreateOpen(false);
              void navigate(protectedRoutes.staticListDetail.to({ id: static_list.static_list_id }));
            },
          })
        }
      />
      <ListNameModal
        opened={renaming !== null}
        title="Rename static list"
        submitLabel="Save"
        initialName={renaming?.name}
        saving={rename.isPending}
        onClose={() => setRenaming(null)}
        onSubmit={(name) =>
          renaming &&
          rename.mutate(
            { static_list_id: renaming.id, name },
            {
              onSuccess: () => {
                showSuccessToast('Static list renamed successfully');
                setRenaming(null);
              },
            },
          )
        }
      />
    </PageLayout>
  );
}
