import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import type { SalesforceConnection } from '@meridian/contracts';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { errorMessage } from '@/lib/error-handling';
import { leaveAppFor } from '@/lib/browser-location';
import { showSuccessToast } from '@/lib/notify';
import {
  useCompleteSalesforceSetup,
  useMappingReadiness,
  useSalesforceLoginUrl,
} from '../api/salesforce-connection';
import { rememberPendingLogin } from '../utils/pending-login';
import { SALESFORCE_TEXTS, SALESFORCE_TOASTS } from '../utils/salesforce-texts';
import { afterRecommended, closedWizard, type WizardView } from '../utils/setup-wizard-state';
import { ObjectSettingsForm } from './object-settings-form';
import { PermissionsStep } from './permissions-step';
import { OverrideStep, StartNowConfirm, SummaryStep } from './summary-step';

const TITLES = {
  1: SALESFORCE_TEXTS.permissionsTitle,
  2: 'Objects and API allocation',
  3: 'Sync settings',
  4: 'Override the email mapping',
} as const;

/** The Salesforce setup wizard (spec 2 and 4), or the reconnect dialog when no login is stored. */
export function SetupWizard(props: {
  connection: SalesforceConnection;
  view: WizardView;
  onView: (view: WizardView) => void;
}) {
  const { connection, view, onView } = props;
  const navigate = useNavigate();
  const readiness = useMappingReadiness(connection.connection_id);
  const complete = useCompleteSalesforceSetup(connection.connection_id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setConfirming(false);
    setFailure(null);
    onView(closedWizard);
  };
  if (view.kind === 'reconnect') return <ReconnectDialog connection={connection} onClose={close} />;
  const step = view.kind === 'step' ? view.step : 1;

  const finish = (recommended: boolean) => {
    setFailure(null);
    complete.mutate(
      { automap: recommended, start_sync: recommended },
      {
        onSuccess: () => {
          close();
          if (recommended) showSuccessToast(SALESFORCE_TOASTS.setupCompleted);
          else void navigate(protectedRoutes.crmData.to());
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  let body;
  if (confirming) {
    body = (
      <StartNowConfirm
        busy={complete.isPending}
        onBack={() => setConfirming(false)}
        onConfirm={() => finish(true)}
      />
    );
  } else if (step === 1) {
    body = (
      <PermissionsStep
        connection={connection}
        onCancel={close}
        onProceed={() => onView({ kind: 'step', step: 2 })}
      />
    );
  } else if (step === 2) {
    body = (
      <ObjectSettingsForm
        connectionId={connection.connection_id}
        canEdit
        submitLabel="Next"
        onSaved={() => onView({ kind: 'step', step: 3 })}
        secondary={
          <Button variant="default" onClick={() => onView({ kind: 'step', step: 1 })}>
            Back
          </Button>
        }
      />
    );
  } else if (step === 3) {
    body = (
      <SummaryStep
        busy={complete.isPending || readiness.isPending}
        onStartSync={() => {
          if (afterRecommended(readiness.data?.emailMapped ?? false) === 'override') {
            onView({ kind: 'step', step: 4 });
          } else setConfirming(true);
        }}
        onFinishLater={() => finish(false)}
      />
    );
  } else {
    body = (
      <OverrideStep onBack={() => onView({ kind: 'step', step: 3 })} onContinue={() => setConfirming(true)} />
    );
  }

  return (
    <Modal
      opened={view.kind === 'step'}
      onClose={close}
      title={confirming ? `${SALESFORCE_TEXTS.startSyncNow}?` : TITLES[step]}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="lg">
        <Stepper active={step - 1} size="xs" aria-label="Setup steps" allowNextStepsSelect={false}>
          <Stepper.Step label="Permissions" />
          <Stepper.Step label="Objects" />
          <Stepper.Step label="Sync settings" />
          <Stepper.Step label="Override" />
        </Stepper>
        {body}
        {failure ? (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** No stored login (never completed, or revoked): log in to Salesforce again before the setup. */
function ReconnectDialog({ connection, onClose }: { connection: SalesforceConnection; onClose: () => void }) {
  const loginUrl = useSalesforceLoginUrl();
  return (
    <Modal opened onClose={onClose} title="Reconnect Salesforce" centered radius="lg">
      <Stack gap="md">
        <Text size="sm">
          Meridian has no working Salesforce login for {connection.name}. Log in to Salesforce again to
          continue the setup and the sync.
        </Text>
        {loginUrl.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(loginUrl.error)}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Later
          </Button>
          <Button
            loading={loginUrl.isPending}
            onClick={() =>
              loginUrl.mutate(connection.connection_id, {
                onSuccess: (url) => {
                  rememberPendingLogin(connection.connection_id);
                  leaveAppFor(url);
                },
              })
            }
          >
            Login to Salesforce
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
