import {
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@/lib/router';
import { RecordUnavailable } from '@/components/record-unavailable';
import {
  tokenPlaceholder,
  tokenTypeChangeMessage,
  type EmailToken,
  type TokenReturnType,
} from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { formatDateTime } from '@/lib/format-date';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useSaveToken, useToken } from '../api/tokens';
import { useCodeCheck } from '../api/verify-token';
import { CodeStatus } from '../components/code-status';
import { FallbackInput } from '../components/fallback-input';
import { FunctionHelpPanel } from '../components/function-help-panel';
import { TokenCodeEditor, type TokenCodeEditorHandle } from '../components/token-code-editor';
import { TokenPreviewPanel } from '../components/token-preview-panel';
import { UnsavedChangesGuard } from '../components/unsaved-changes-guard';
import { fallbackFits, needsFallback } from '../utils/fallback';
import {
  dirtyFlags,
  EMPTY_DRAFT,
  isDirty,
  joinErrors,
  nameError,
  previewGate,
  saveErrors,
  TOKEN_TEXTS,
  updateBody,
  type TokenDraft,
} from '../utils/token-form';
import { TYPE_COLORS, TYPE_LABELS } from '../utils/token-type';

/** /token (new) and /token/:id: the token editor. */
export function TokenEditorRoute() {
  const { id } = useParams();
  const location = useLocation();
  const token = useToken(id);
  // A token just created keeps its editor (and what the user typed meanwhile) on its new address.
  const editorKey = (location.state as EditorLocationState | null)?.editorKey ?? id ?? NEW_KEY;
  if (id === undefined) return <TokenEditor key={editorKey} token={null} />;
  if (token.isPending) return <FullPageLoader />;
  if (token.isError) {
    return (
      <RecordUnavailable
        what="token"
        missingTitle={TOKEN_TEXTS.notFound}
        error={token.error}
        onRetry={() => void token.refetch()}
        back={{ to: protectedRoutes.tokenList.to(), label: 'Back to tokens' }}
      />
    );
  }
  return <TokenEditor key={editorKey} token={token.data} />;
}

const NEW_KEY = 'new';
interface EditorLocationState {
  editorKey?: string;
}

const draftOf = (token: EmailToken): TokenDraft => ({
  name: token.name,
  token: token.token,
  default_value: token.default_value,
  description: token.description,
});

function TokenEditor({ token }: { token: EmailToken | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<EmailToken | null>(token);
  const baseline = saved ? draftOf(saved) : EMPTY_DRAFT;
  const form = useForm<TokenDraft>({ mode: 'controlled', initialValues: baseline });
  const draft = form.values;
  const flags = dirtyFlags(draft, baseline);
  const dirty = isDirty(flags);
  const check = useCodeCheck(draft.token);
  const save = useSaveToken();
  const editor = useRef<TokenCodeEditorHandle>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [errorLine, setErrorLine] = useState<number | null>(null);
  useDocumentTitle(`${saved?.name || 'New token'} · Meridian`);

  // The type: what the code returns now, else what was saved.
  const type: TokenReturnType | null = check.status === 'valid' ? check.type : (saved?.return_type ?? null);
  const typeChange =
    saved && saved.token.trim() !== '' && check.status === 'valid' && check.type !== saved.return_type
      ? tokenTypeChangeMessage(saved.return_type, check.type)
      : null;

  // The marked line follows the latest verdict; it stays while a new check runs.
  useEffect(() => {
    if (check.status === 'invalid') setErrorLine(check.line);
    else if (check.status !== 'checking') setErrorLine(null);
  }, [check]);

  // A type change keeps the fallback only if the new input can hold it. The saved fallback is
  // left as it is on opening: only a change of type made here resets it.
  const shownType = useRef(type);
  useEffect(() => {
    if (shownType.current === type) return;
    shownType.current = type;
    if (!fallbackFits(form.values.default_value, type)) form.setFieldValue('default_value', '');
    // Only the type drives this: the fallback's own edits must not reset it.
  }, [type]);

  // After the first save, move to the token's own address once the guard knows nothing is unsaved.
  useEffect(() => {
    if (redirectTo && !dirty) {
      setRedirectTo(null);
      void navigate(redirectTo, {
        replace: true,
        state: { editorKey: NEW_KEY } satisfies EditorLocationState,
      });
    }
  }, [redirectTo, dirty, navigate]);

  const nameMessage = draft.name === '' ? null : nameError(draft.name);
  const blockedByCheck = check.status === 'invalid';
  // Spec 5: the type cannot change, and Save is disabled on errors.
  const canSave = dirty && !blockedByCheck && typeChange === null && nameMessage === null && !save.isPending;

  const onSave = () => {
    const errors = saveErrors(draft, type);
    if (errors.length > 0) {
      showErrorToast(joinErrors(errors));
      return;
    }
    const creating = saved === null;
    save.mutate(
      {
        tokenId: saved?.token_id ?? null,
        name: draft.name.trim(),
        // A new token is named by create; its update carries only the definition.
        update: updateBody(draft, creating ? { ...flags, header: false } : flags, type),
        onCreated: (created) => setSaved(created),
      },
      {
        onSuccess: ({ token: next, created }) => {
          setSaved(next);
          form.setValues(draftOf(next));
          form.resetDirty(draftOf(next));
          showSuccessToast(created ? TOKEN_TEXTS.created : TOKEN_TEXTS.updated);
          if (creating) setRedirectTo(protectedRoutes.tokenDetail.to({ id: next.token_id }));
        },
      },
    );
  };

  return (
    <Container size="xl" px="xl" py="lg">
      <UnsavedChangesGuard when={dirty && redirectTo === null} />
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={protectedRoutes.tokenList.to()} size="sm" c="dimmed" w="fit-content">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              Tokens
            </Group>
          </Anchor>
          {/* On a phone Save Token goes under the name, and the type badge under a long name. */}
          <Group justify="space-between" align="flex-start" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
            <Box style={{ flex: '1 1 18rem', minWidth: 0 }}>
              <Group gap="sm" align="center" style={{ rowGap: 4 }}>
                <TextInput
                  variant="unstyled"
                  aria-label="Token name"
                  placeholder="token_name"
                  size="xl"
                  styles={{
                    root: { flex: '0 1 auto', minWidth: 0 },
                    input: {
                      // Grows with the name, so the pencil sits right after it.
                      fieldSizing: 'content',
                      fontSize: 26,
                      fontWeight: 650,
                      fontFamily: 'var(--mantine-font-family-monospace)',
                      minWidth: 240,
                      // A name longer than the line scrolls inside the field, under no pencil.
                      maxWidth: '100%',
                    },
                  }}
                  rightSection={<IconPencil size={16} color="var(--mantine-color-gray-5)" />}
                  autoFocus={token === null}
                  {...form.getInputProps('name')}
                  error={undefined}
                />
                <TypeBadge type={type} checking={check.status === 'checking'} />
              </Group>
              {nameMessage ? (
                <Text size="sm" c="red.7" role="alert">
                  {nameMessage}
                </Text>
              ) : (
                <Stack gap={2} mt={2}>
                  <Group gap={6}>
                    <Text size="sm" c="dimmed">
                      Use it in emails as
                    </Text>
                    <Code>{tokenPlaceholder(draft.name.trim() || 'token_name')}</Code>
                  </Group>
                  {saved && saved.token !== '' ? (
                    <Text size="xs" c="dimmed">
                      Last updated {formatDateTime(saved.updated_at)}
                      {saved.created_by.name ? ` · created by ${saved.created_by.name}` : ''}
                    </Text>
                  ) : null}
                </Stack>
              )}
            </Box>
            <Group gap="sm" wrap="nowrap">
              {dirty ? (
                <Badge variant="dot" color="yellow" size="lg" tt="none" fw={500}>
                  Unsaved changes
                </Badge>
              ) : null}
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={onSave}
                disabled={!canSave}
                loading={save.isPending}
              >
                Save Token
              </Button>
            </Group>
          </Group>
        </Stack>

        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Paper p="lg">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <div>
                      <Text fw={650}>Token code</Text>
                      <Text size="sm" c="dimmed">
                        Liquid, checked as you type.
                      </Text>
                    </div>
                  </Group>
                  <TokenCodeEditor
                    ref={editor}
                    value={draft.token}
                    onChange={(value) => form.setFieldValue('token', value)}
                    errorLine={errorLine}
                    invalid={check.status === 'invalid'}
                  />
                  <CodeStatus check={check} />
                  {typeChange ? (
                    <Text size="xs" c="orange.8" role="alert">
                      {typeChange}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
              <Paper p="lg">
                <Stack gap="md">
                  <Text fw={650}>Details</Text>
                  <FallbackInput
                    type={type}
                    value={needsFallback(type) ? draft.default_value : ''}
                    onChange={(value) => form.setFieldValue('default_value', value)}
                  />
                  <Textarea
                    size="md"
                    label="Description"
                    placeholder="What this token gives, e.g. the contact's first name, capitalised"
                    autosize
                    minRows={2}
                    maxRows={5}
                    {...form.getInputProps('description')}
                  />
                </Stack>
              </Paper>
              <TokenPreviewPanel
                tokenId={saved?.token_id ?? null}
                tokenName={saved?.name ?? draft.name}
                gate={previewGate(saved !== null && saved.token !== '', flags)}
                version={saved?.updated_at ?? null}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <FunctionHelpPanel onInsert={(text) => editor.current?.insert(text)} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function TypeBadge({ type, checking }: { type: TokenReturnType | null; checking: boolean }) {
  if (type === null) {
    return checking ? <Loader size="xs" /> : null;
  }
  return (
    <Tooltip label="The type this token returns">
      <Badge
        size="lg"
        radius="sm"
        variant="light"
        miw="max-content"
        color={TYPE_COLORS[type]}
        rightSection={checking ? <Loader size={10} color={TYPE_COLORS[type]} /> : null}
        data-testid="token-type"
      >
        {TYPE_LABELS[type]}
      </Badge>
    </Tooltip>
  );
}
