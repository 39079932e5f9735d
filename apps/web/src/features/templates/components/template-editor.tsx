import { Center, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import type { ProjectData } from 'grapesjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { tokenPlaceholder, type Template } from '@meridian/contracts';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { saveBlob } from '@/lib/api-transfer';
import { useSavedTokens } from '../api/saved-tokens';
import { useSendTestEmail } from '../api/send-test-email';
import { useUpdateTemplate } from '../api/templates';
import { emailDocument, exportFileName, HTML_STARTER, unsubscribeAnchor } from '../utils/email-html';
import { sendProblem } from '../utils/send-problem';
import { senderFieldsOf, senderSettingsOf, type SenderSettings } from '../utils/sender-settings';
import { EditorHeader } from './editor-header';
import { EmailSettingsModal } from './email-settings-modal';
import type { HtmlEditorHandle } from './html-editor';
import { useLeaveGuard } from './leave-guard';
import { PreviewModal } from './preview-modal';
import { InsertButtons, SenderCard, SubjectInput } from './sender-inputs';
import { SendTestModal } from './send-test-modal';
import { TokenPickerModal } from './token-picker-modal';
import type { VisualEditorHandle, VisualSnapshot } from './visual-editor';
import classes from './template-editor.module.css';

export const EDITOR_INIT_ERROR = 'Error during iniziatialization';

/** Both editors load on demand, so the rest of the app never downloads them. */
const VisualEditor = lazy(() =>
  import('./visual-editor').catch(() => {
    showErrorToast(EDITOR_INIT_ERROR);
    return { default: EditorUnavailable };
  }),
);
const HtmlEditor = lazy(() => import('./html-editor'));

interface Body {
  content: string;
  content_json: ProjectData | null;
}

type TokenTarget = 'body' | 'subject';

/** The editor of one email: subject, sender, the body in its editor, and the actions around it. */
export function TemplateEditor({ template }: { template: Template }) {
  const visual = template.template_type === 'visual';
  const [subject, setSubject] = useState(template.subject ?? '');
  const [sender, setSender] = useState<SenderSettings>(() => senderSettingsOf(template));
  const [code, setCode] = useState(template.content ?? HTML_STARTER);
  // A new HTML email opens on the starter code, which is not saved yet: say so, and let it be saved.
  const [dirty, setDirty] = useState(!visual && template.content === null);
  const [savedAt, setSavedAt] = useState(template.updated_at);
  const [ready, setReady] = useState(!visual);
  const [livePreview, setLivePreview] = useState(true);
  const [dialog, setDialog] = useState<null | 'settings' | 'send'>(null);
  const [tokenTarget, setTokenTarget] = useState<TokenTarget | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [sendBody, setSendBody] = useState<Body | null>(null);
  const visualRef = useRef<VisualEditorHandle>(null);
  const htmlRef = useRef<HtmlEditorHandle>(null);
  const tokens = useSavedTokens();
  const update = useUpdateTemplate();
  const send = useSendTestEmail();
  useLeaveGuard(dirty);

  const edited = () => setDirty(true);
  const readBody = async (): Promise<Body> => {
    if (!visual) return { content: code, content_json: null };
    const snapshot: VisualSnapshot = await visualRef.current!.read();
    return snapshot;
  };
  const withBody = (use: (body: Body) => void) => () => {
    readBody().then(use, () => showErrorToast(EDITOR_INIT_ERROR));
  };

  const save = withBody((body) =>
    update.mutate(
      {
        template_id: template.template_id,
        subject,
        content: body.content,
        ...(visual ? { content_json: body.content_json as Record<string, unknown> } : {}),
        ...senderFieldsOf(sender),
      },
      {
        onSuccess: ({ template: saved }) => {
          showSuccessToast('Template Updated successfully');
          setDirty(false);
          setSavedAt(saved.updated_at);
        },
      },
    ),
  );

  const insertToken = (name: string) => {
    const placeholder = tokenPlaceholder(name);
    if (tokenTarget === 'subject')
      setSubject((current) => `${current}${current && !current.endsWith(' ') ? ' ' : ''}${placeholder}`);
    else if (visual) visualRef.current?.insertText(placeholder);
    else htmlRef.current?.insertText(placeholder);
    setTokenTarget(null);
    edited();
  };
  const insertUnsubscribe = () => {
    if (visual) visualRef.current?.insertUnsubscribeLink();
    else htmlRef.current?.insertText(unsubscribeAnchor());
    edited();
  };

  const body = visual ? (
    <>
      <Group className={classes.toolbar} gap="md" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, maxWidth: 560 }}>
          <SubjectInput
            value={subject}
            onChange={(value) => (setSubject(value), edited())}
            onAddToken={() => setTokenTarget('subject')}
          />
        </div>
        <div style={{ width: 400, flexShrink: 0 }}>
          <SenderCard sender={sender} onEdit={() => setDialog('settings')} />
        </div>
        <div style={{ marginLeft: 'auto' }}>
          <InsertButtons onAddToken={() => setTokenTarget('body')} onUnsubscribe={insertUnsubscribe} />
        </div>
      </Group>
      <div className={classes.canvas}>
        {!ready ? <EditorLoading /> : null}
        <Suspense fallback={null}>
          <VisualEditor
            ref={visualRef}
            design={(template.content_json as ProjectData | null) ?? null}
            html={template.content_json ? null : template.content}
            title={subject}
            onReady={() => setReady(true)}
            onChange={edited}
            onError={() => showErrorToast(EDITOR_INIT_ERROR)}
            onTokenRequest={() => setTokenTarget('body')}
          />
        </Suspense>
      </div>
    </>
  ) : (
    <div className={classes.split}>
      <Stack className={classes.side} gap="lg">
        <SubjectInput
          value={subject}
          onChange={(value) => (setSubject(value), edited())}
          onAddToken={() => setTokenTarget('subject')}
        />
        <SenderCard sender={sender} onEdit={() => setDialog('settings')} stacked />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Insert into the code
          </Text>
          <InsertButtons
            onAddToken={() => setTokenTarget('body')}
            onUnsubscribe={insertUnsubscribe}
            stacked
          />
        </Stack>
        <Switch
          label="Live preview"
          description="Show the rendered email beside the code"
          checked={livePreview}
          onChange={(event) => setLivePreview(event.currentTarget.checked)}
        />
      </Stack>
      <div className={classes.code} data-preview={livePreview || undefined}>
        <div className={classes.codePane}>
          <Suspense fallback={<EditorLoading />}>
            <HtmlEditor ref={htmlRef} value={code} onChange={(value) => (setCode(value), edited())} />
          </Suspense>
        </div>
        {livePreview ? (
          <iframe title="Live preview" sandbox="" srcDoc={code} className={classes.livePreview} />
        ) : null}
      </div>
    </div>
  );

  return (
    <div className={classes.page}>
      <EditorHeader
        template={template}
        savedAt={savedAt}
        dirty={dirty}
        saving={update.isPending}
        busy={!ready}
        onSave={save}
        onPreview={withBody((current) => setPreview(emailDocument(current.content, subject)))}
        onExport={withBody((current) =>
          saveBlob(
            new Blob([emailDocument(current.content, subject)], { type: 'text/html' }),
            exportFileName(template.name),
          ),
        )}
        onSendTest={withBody((current) => {
          setSendBody(current);
          setDialog('send');
        })}
      />
      {body}
      <TokenPickerModal
        opened={tokenTarget !== null}
        tokens={tokens.data}
        loading={tokens.isPending}
        onClose={() => setTokenTarget(null)}
        onPick={(token) => insertToken(token.name)}
      />
      <EmailSettingsModal
        opened={dialog === 'settings'}
        initial={sender}
        tokens={tokens.data}
        onClose={() => setDialog(null)}
        onApply={(next) => {
          setSender(next);
          setDialog(null);
          edited();
        }}
      />
      <PreviewModal
        opened={preview !== null}
        subject={subject}
        html={preview ?? ''}
        onClose={() => setPreview(null)}
      />
      <SendTestModal
        opened={dialog === 'send'}
        sending={send.isPending}
        problem={sendBody ? sendProblem(subject, sendBody.content) : null}
        onClose={() => setDialog(null)}
        onSend={(selection) =>
          sendBody &&
          send.mutate(
            {
              template_id: template.template_id,
              subject,
              content: sendBody.content,
              ...senderFieldsOf(sender),
              person_ids: [selection.ref],
              campaign_context: selection.campaign_context,
            },
            {
              onSuccess: () => {
                showSuccessToast('Email preview sent successfully');
                setDialog(null);
              },
            },
          )
        }
      />
    </div>
  );
}

function EditorUnavailable() {
  return (
    <Center pos="absolute" inset={0} style={{ zIndex: 2 }} bg="white">
      <Text size="sm" c="dimmed">
        The editor could not be loaded. Reload the page to try again.
      </Text>
    </Center>
  );
}

function EditorLoading() {
  return (
    <Center pos="absolute" inset={0} style={{ zIndex: 1 }} bg="white">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading the editor…
        </Text>
      </Stack>
    </Center>
  );
}
