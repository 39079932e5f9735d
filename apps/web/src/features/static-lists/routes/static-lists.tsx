import '../styles';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import {
  ListSearchBar,
  openRemoveConfirm,
  useAddParam,
  useDebouncedSearchPaging,
} from '@/components/list-page';
import { ListPagination } from '@/components/pagination';
import { showSuccessToast } from '@/lib/notify';
import {
  useCreateStaticList,
  useDeleteStaticList,
  useRenameStaticList,
  useStaticLists,
} from '../api/static-lists';
import { ListNameModal } from '../components/list-name-modal';
import { StaticListsTable } from '../components/static-lists-table';

/** /lists/static-list: the organisation's static lists. */
export function StaticListsRoute() {
  const navigate = useNavigate();
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const lists = useStaticLists({ page_number: page, search_keyword: keyword || undefined });
  const create = useCreateStaticList();
  const rename = useRenameStaticList();
  const remove = useDeleteStaticList();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const totalPages = lists.isError ? 0 : (lists.data?.page_count ?? 0);
  const [createOpen, setCreateOpen] = useAddParam();

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
        <ListSearchBar
          label="Search static lists"
          value={search}
          onChange={changeSearch}
          total={lists.data?.total_count}
          noun={['list', 'lists']}
        />
        <StaticListsTable
          records={lists.isError ? [] : (lists.data?.records ?? [])}
          loading={lists.isPending}
          failed={lists.isError ? { retry: () => void lists.refetch() } : null}
          searching={keyword !== ''}
          onOpen={(list) => void navigate(protectedRoutes.staticListDetail.to({ id: list.static_list_id }))}
          onCreate={() => setCreateOpen(true)}
          onRename={(list) => setRenaming({ id: list.static_list_id, name: list.name })}
          onDelete={(list) =>
            openRemoveConfirm({
              title: 'Delete static list',
              message: (
                <>
                  Are you sure about deleting <b>{list.name}</b>? Once deleted cannot be undone
                </>
              ),
              confirmLabel: 'Delete',
              onConfirm: () =>
                remove.mutate(list.static_list_id, {
                  onSuccess: () => showSuccessToast('Static list deleted successfully'),
                }),
            })
          }
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
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
