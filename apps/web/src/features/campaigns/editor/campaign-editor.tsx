import { Container, List, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import {
  type AudienceQuery,
  type Campaign,
  campaignDraftMessages,
  campaignMessages,
  CONCURRENT_EDIT_WINDOW_MS,
  type PublishErrors,
  publishErrorLines,
  publishMessages,
  type Rule,
  type Schedule,
  workingCopyErrors,
  workingParts,
} from '@meridian/contracts';
import { protectedRoutes } from '@/app/routes';
import { ListLoader } from '@/components/list-table';
import { ApiError } from '@/lib/api-error';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useRenameCampaign } from '../api/campaigns';
import { CampaignNameModal } from '../components/campaign-name-modal';
import { DryRunButton } from '../dry-run';
import { useAudienceCount } from '../dynamic-list/api';
import { DynamicListTab } from '../dynamic-list/dynamic-list-tab';
import { FlowTab } from '../flow/flow-tab';
import { REPORTS_TAB_ENABLED, useHasReportHistory } from '../reports';
import { ScheduleTab } from '../schedule/schedule-tab';
import { SummaryTab } from '../summary/summary-tab';
import { publishCampaign, useApplyFlowSaved, useEditStart, useStoreCampaign, validateDraft } from './api';
import { EditActiveConfirm, LeaveGuard, OverrideWarning } from './editor-dialogs';
import { EditorHeader } from './editor-header';
import { hidePublishFailedToast, PUBLISH_FAILED_TOAST_ID } from './publish-toast';
import { EDITOR_TABS, type EditorTab, EditorTabs, tabErrors } from './editor-tabs';
import { type DraftPart, type DraftStamp, useDraftEditor } from './use-draft-editor';

// The reports and their charts load only when the Reports tab opens.
const ReportsTab = lazy(() =>
  import('../reports/components/reports-tab').then((m) => ({ default: m.ReportsTab })),
);

/** Another user's draft from within the last minute, when the page opens (spec 4). */
function recentOtherDraft(campaign: Campaign, me: string): DraftStamp | null {
  const draft = campaign.draft_data ?? {};
  const by = draft.updated_by as DraftStamp['updated_by'] | undefined;
  const at = typeof draft.updated_at === 'string' ? Date.parse(draft.updated_at) : NaN;
  if (!campaign.draft || !by || by.id === me || Number.isNaN(at)) return null;
  return Date.now() - at < CONCURRENT_EDIT_WINDOW_MS
    ? { updated_by: by, updated_at: draft.updated_at as string }
    : null;
}

/** Spec 2 "Edit page": the header, the tabs, drafts that save themselves and publishing. */
export function CampaignEditor({ stored, me }: { stored: Campaign; me: string | null }) {
  const navigate = useNavigate();
  const drafts = useDraftEditor(stored);
  const campaign = drafts.campaign;
  const id = campaign.campaign_id;
  useDocumentTitle(`${campaign.name} · Meridian`);
  const store = useStoreCampaign();
  const applyFlowSaved = useApplyFlowSaved(id);
  const editStart = useEditStart();
  const rename = useRenameCampaign();
  const [params, setParams] = useSearchParams();
  // Decisions: the Reports tab (flag on by default) shows once the campaign has a run.
  const showReports = useHasReportHistory(id, REPORTS_TAB_ENABLED) && REPORTS_TAB_ENABLED;
  const hiddenTabs: EditorTab[] = showReports ? [] : ['reports'];
  const asked = EDITOR_TABS.find((t) => t.value === params.get('tab'))?.value;
  const tab = asked && !hiddenTabs.includes(asked) ? asked : 'dynamic-list';
  const setTab = (next: EditorTab) => setParams({ tab: next }, { replace: true });
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<PublishErrors>({});
  const [publishing, setPublishing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirmEdit, setConfirmEdit] = useState(false);
  const [openingWarning, setOpeningWarning] = useState<DraftStamp | null>(null);
  const [warned, setWarned] = useState(false);
  const [flowDirty, setFlowDirty] = useState(false);
  const flushFlow = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (me === null || warned) return;
    setWarned(true);
    setOpeningWarning(recentOtherDraft(stored, me));
  }, [me, warned, stored]);

  const readOnly = campaign.active || publishing;
  const parts = workingParts(campaign);
  const schedule = parts.schedule as Schedule | null;
  const rule = parts.rule as Rule | null;
  const query = ((parts.dynamic_list as { query?: AudienceQuery } | null)?.query ?? {
    conditions: [],
  }) as AudienceQuery;
  const live = showErrors && !campaign.active ? workingCopyErrors(parts, new Date()) : {};
  const errors = showErrors && !campaign.active ? tabErrors({ ...serverErrors, ...live }) : {};
  // The builder's working query, counted as it changes (an incomplete one counts 0).
  const audience = useAudienceCount(id, query);
  const audienceCount = audience.loading ? null : audience.count;

  const change = <P extends DraftPart>(part: P, value: Parameters<typeof drafts.change<P>>[1]) => {
    setServerErrors(({ [part]: _, ...rest }) => rest);
    drafts.change(part, value);
  };

  const fail = (found: PublishErrors) => {
    setServerErrors(found);
    setShowErrors(true);
    hidePublishFailedToast();
    notifications.show({
      id: PUBLISH_FAILED_TOAST_ID,
      color: 'red',
      title: publishMessages.publishFailed,
      message: (
        <List size="sm">
          {publishErrorLines(found).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ),
      autoClose: false,
    });
  };

  const publish = async (active: boolean) => {
    setPublishing(true);
    try {
      // Step edits still waiting for their 2 s save go first: publish checks what the user sees.
      await flushFlow.current?.();
      if (!(await drafts.flush())) throw new Error('draft not saved');
      const check = await validateDraft(id);
      if (!check.valid) return fail(check.errors);
      const result = await publishCampaign(id, active);
      drafts.reset();
      store(result.campaign);
      setShowErrors(false);
      setServerErrors({});
      showSuccessToast(
        active ? campaignDraftMessages.publishedActive : campaignDraftMessages.publishedInactive,
      );
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.body?.fields : undefined;
      if (fields && Object.keys(fields).length > 0)
        fail(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? ''])));
      else showErrorToast(publishMessages.publishFailed, { autoClose: false, id: PUBLISH_FAILED_TOAST_ID });
    } finally {
      setPublishing(false);
    }
  };

  const context = { campaign, readOnly, showErrors };
  const warning = drafts.warning ?? openingWarning;
  const leave = () => void navigate(protectedRoutes.campaigns.to());
  return (
    <Container size="xl" px={{ base: 'md', sm: 'xl' }} py="xl">
      <Stack gap="lg">
        <EditorHeader
          campaign={campaign}
          me={me}
          saving={drafts.saving}
          publishing={publishing}
          onRename={() => setRenaming(true)}
          onEdit={() => setConfirmEdit(true)}
          onPublish={(active) => void publish(active)}
          extra={<DryRunButton campaign={campaign} />}
        />
        <EditorTabs
          value={tab}
          onChange={setTab}
          errors={errors}
          hidden={hiddenTabs}
          panels={{
            reports: (
              <Suspense fallback={<ListLoader />}>
                <ReportsTab campaignId={id} context={campaign.campaign_context} />
              </Suspense>
            ),
            'dynamic-list': (
              <DynamicListTab
                {...context}
                value={query}
                onChange={(q) => change('dynamic_list', { query: q })}
              />
            ),
            flow: (
              <FlowTab
                {...context}
                audienceCount={audienceCount}
                onFlowSaved={(saved) => {
                  setServerErrors(({ flow: _, ...rest }) => rest);
                  applyFlowSaved(saved);
                }}
                onEditDynamicList={() => setTab('dynamic-list')}
                onDirtyChange={setFlowDirty}
                flushRef={flushFlow}
              />
            ),
            schedule: (
              <ScheduleTab
                {...context}
                schedule={schedule}
                rule={rule}
                onScheduleChange={(value) => change('schedule', value)}
                onRuleChange={(value) => change('rule', value)}
              />
            ),
            summary: (
              <SummaryTab
                {...context}
                schedule={schedule}
                rule={rule}
                audienceCount={audienceCount}
                onEditDynamicList={() => setTab('dynamic-list')}
              />
            ),
          }}
        />
      </Stack>
      <CampaignNameModal
        opened={renaming}
        action="Rename"
        initialName={campaign.name}
        saving={rename.isPending}
        onClose={() => setRenaming(false)}
        onSubmit={(name) =>
          rename.mutate(
            { campaign_id: id, name },
            {
              onSuccess: (result) => {
                store(result.campaign);
                setRenaming(false);
                showSuccessToast(campaignMessages.updated);
              },
            },
          )
        }
      />
      <EditActiveConfirm
        opened={confirmEdit}
        pending={editStart.isPending}
        onClose={() => setConfirmEdit(false)}
        onConfirm={() => editStart.mutate(id, { onSuccess: () => setConfirmEdit(false) })}
      />
      <OverrideWarning
        stamp={warning}
        onOk={() => {
          drafts.dismissWarning();
          setOpeningWarning(null);
        }}
        onCancel={leave}
      />
      <LeaveGuard dirty={drafts.dirty || flowDirty} onAsking={drafts.hold} onDiscard={drafts.reset} />
    </Container>
  );
}
