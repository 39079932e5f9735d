import '../styles';
import { Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TemplateSummary } from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, usePageState } from '@/components/pagination';
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

/** Spec section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** /templates: the organisation's emails. */
export function TemplatesRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const templates = useTemplates({ page_number: page, keyword: keyword || undefined });
  const create = useCreateTemplate();
  const rename = useRenameTemplate();
  const clone = useCloneTemplate();
  const remove = useDeleteTemplate();
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const totalPages = templates.isError ? 0 : (templates.data?.page_count ?? 0);
  const openEditor = (id: string) => void navigate(protectedRoutes.templateEdit.to({ id }));

  // Spec 2: `?add=true` opens the create dialog.
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

  const confirmRemove = (template: TemplateSummary) =>
    modals.openConfirmModal({
      title: 'Remove email',
      children: (
        <Text size="sm">
          Are you sure about removing <b>{template.name}</b>? Once removed cannot be undone
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
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
        <Group p="md" justify="space-between">
          <TextInput
            size="sm"
            w={300}
            leftSection={<IconSearch size={16} />}
            placeholder="Search email templates"
            aria-label="Search email templates"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              resetPage();
            }}
          />
          {templates.data ? (
            <Text size="sm" c="dimmed">
              {templates.data.total_count} {templates.data.total_count === 1 ? 'email' : 'emails'}
            </Text>
          ) : null}
        </Group>
        <TemplatesTable
          records={templates.isError ? [] : (templates.data?.records ?? [])}
          loading={templates.isPending}
          searching={keyword !== ''}
          onOpen={(template) => openEditor(template.template_id)}
          onCreate={() => setCreateOpen(true)}
          onClone={(template) => clone.mutate(template.template_id)}
          onRename={setRenaming}
          onRemove={confirmRemove}
        />
        {totalPages > 1 ? (
          <Box p="md">
            <Pagination page={page} totalPages={totalPages} onChange={(next) => setPage(next, totalPages)} />
          </Box>
        ) : null}
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
