import '../styles';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import type { TemplateSummary } from '@meridian/contracts';
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
  useCloneTemplate,
  useCreateTemplate,
  useDeleteTemplate,
  useRenameTemplate,
  useTemplates,
} from '../api/templates';
import { CreateTemplateModal } from '../components/create-template-modal';
import { TemplateNameModal } from '../components/template-name-modal';
import { TemplatesTable } from '../components/templates-table';

/** /templates: the organisation's emails. */
export function TemplatesRoute() {
  const navigate = useNavigate();
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const templates = useTemplates({ page_number: page, keyword: keyword || undefined });
  const create = useCreateTemplate();
  const rename = useRenameTemplate();
  const clone = useCloneTemplate();
  const remove = useDeleteTemplate();
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const totalPages = templates.isError ? 0 : (templates.data?.page_count ?? 0);
  const openEditor = (id: string) => void navigate(protectedRoutes.templateEdit.to({ id }));

  // Spec 2: `?add=true` opens the create dialog.
  const [createOpen, setCreateOpen] = useAddParam();

  const confirmRemove = (template: TemplateSummary) =>
    openRemoveConfirm({
      title: 'Remove email',
      message: (
        <>
          Are you sure about removing <b>{template.name}</b>? Once removed cannot be undone
        </>
      ),
      confirmLabel: 'Remove',
      onConfirm: () => remove.mutate(template.template_id),
    });

  return (
    <PageLayout
      title="Emails"
      description="The emails your campaigns send, designed with drag and drop or written in HTML."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpen(true)}>
          New Email
        </Button>
      }
    >
      <Paper p={0}>
        <ListSearchBar
          label="Search email templates"
          value={search}
          onChange={changeSearch}
          total={templates.data?.total_count}
          noun={['email', 'emails']}
        />
        <TemplatesTable
          records={templates.isError ? [] : (templates.data?.records ?? [])}
          loading={templates.isPending}
          failed={templates.isError ? { retry: () => void templates.refetch() } : null}
          searching={keyword !== ''}
          onOpen={(template) => openEditor(template.template_id)}
          onCreate={() => setCreateOpen(true)}
          onClone={(template) => clone.mutate(template.template_id)}
          onRename={setRenaming}
          onRemove={confirmRemove}
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
      <CreateTemplateModal
        opened={createOpen}
        saving={create.isPending}
        onClose={() => setCreateOpen(false)}
        onCreate={(input) =>
          create.mutate(input, {
            onSuccess: ({ template }) => {
              showSuccessToast('New Email Added');
              openEditor(template.template_id);
            },
          })
        }
      />
      <TemplateNameModal
        opened={renaming !== null}
        initialName={renaming?.name ?? ''}
        saving={rename.isPending}
        onClose={() => setRenaming(null)}
        onSubmit={(name) =>
          renaming &&
          rename.mutate(
            { template_id: renaming.template_id, name },
            {
              onSuccess: () => {
                showSuccessToast('Email name updated successfully');
                setRenaming(null);
              },
            },
          )
        }
      />
    </PageLayout>
  );
}
