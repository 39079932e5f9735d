import { Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, usePageState } from '@/components/pagination';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteToken, useTokens } from '../api/tokens';
import { TokensTable } from '../components/tokens-table';
import { TOKEN_TEXTS } from '../utils/token-form';

/** Spec section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** /token-list: the organisation's tokens. */
export function TokenListRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const tokens = useTokens({ page_number: page, search: keyword || undefined });
  const remove = useDeleteToken();
  const totalPages = tokens.isError ? 0 : (tokens.data?.page_count ?? 0);
  const openNew = () => void navigate(protectedRoutes.token.to());

  // Spec 2: ?add=true opens the new-token editor.
  const adding = params.get('add') === 'true';
  useEffect(() => {
    if (adding) void navigate(protectedRoutes.token.to(), { replace: true });
  }, [adding, navigate]);

  return (
    <PageLayout
      title="Tokens"
      description="Personalised values computed for each contact, used in emails and webhooks."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
          New Token
        </Button>
      }
    >
      <Paper p={0}>
        <Group p="md" justify="space-between">
          <TextInput
            size="sm"
            w={300}
            leftSection={<IconSearch size={16} />}
            placeholder="Search tokens"
            aria-label="Search tokens"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              resetPage();
            }}
          />
          {tokens.data && !tokens.isError ? (
            <Text size="sm" c="dimmed">
              {tokens.data.total_count} {tokens.data.total_count === 1 ? 'token' : 'tokens'}
            </Text>
          ) : null}
        </Group>
        <TokensTable
          records={tokens.isError ? [] : (tokens.data?.records ?? [])}
          loading={tokens.isPending}
          searching={keyword !== ''}
          onOpen={(token) => void navigate(protectedRoutes.tokenDetail.to({ id: token.token_id }))}
          onCreate={openNew}
          onDelete={(token) =>
            modals.openConfirmModal({
              title: 'Remove token',
              children: (
                <Text size="sm">
                  Are you sure about removing <b>{token.name}</b>? Emails and campaigns that use it will show
                  nothing in its place. Once removed cannot be undone
                </Text>
              ),
              labels: { confirm: 'Remove', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () =>
                remove.mutate(token.token_id, { onSuccess: () => showSuccessToast(TOKEN_TEXTS.deleted) }),
            })
          }
        />
        {totalPages > 1 ? (
          <Box p="md">
            <Pagination page={page} totalPages={totalPages} onChange={(next) => setPage(next, totalPages)} />
          </Box>
        ) : null}
      </Paper>
    </PageLayout>
  );
}
