import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
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
import { useDeleteToken, useTokens } from '../api/tokens';
import { TokensTable } from '../components/tokens-table';
import { TOKEN_TEXTS } from '../utils/token-form';

/** /token-list: the organisation's tokens. */
export function TokenListRoute() {
  const navigate = useNavigate();
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const tokens = useTokens({ page_number: page, search: keyword || undefined });
  const remove = useDeleteToken();
  const totalPages = tokens.isError ? 0 : (tokens.data?.page_count ?? 0);
  const openNew = () => void navigate(protectedRoutes.token.to());

  // Spec 2: ?add=true opens the new-token editor.
  const [adding] = useAddParam();
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
        <ListSearchBar
          label="Search tokens"
          value={search}
          onChange={changeSearch}
          total={tokens.isError ? undefined : tokens.data?.total_count}
          noun={['token', 'tokens']}
        />
        <TokensTable
          records={tokens.isError ? [] : (tokens.data?.records ?? [])}
          loading={tokens.isPending}
          failed={tokens.isError ? { retry: () => void tokens.refetch() } : null}
          searching={keyword !== ''}
          onOpen={(token) => void navigate(protectedRoutes.tokenDetail.to({ id: token.token_id }))}
          onCreate={openNew}
          onDelete={(token) =>
            openRemoveConfirm({
              title: 'Remove token',
              message: (
                <>
                  Are you sure about removing <b>{token.name}</b>? Emails and campaigns that use it will show
                  nothing in its place. Once removed cannot be undone
                </>
              ),
              confirmLabel: 'Remove',
              onConfirm: () =>
                remove.mutate(token.token_id, { onSuccess: () => showSuccessToast(TOKEN_TEXTS.deleted) }),
            })
          }
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
    </PageLayout>
  );
}
