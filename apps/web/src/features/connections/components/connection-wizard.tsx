import { Button, Checkbox, Group, Modal, Skeleton, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import type { IntegrationConstants, ServiceDescription } from '@meridian/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type Dispatch } from 'react';
import { CopyField } from '@/components/copy-field';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { useCreateConnection, useWhitelistIps } from '../api/connections';
import { connectionCreateFields, type ConnectionFormValues } from '../utils/connection-form';
import { needsWhitelist, type WizardAction, type WizardState } from '../utils/wizard-state';
import { ConnectionForm } from './connection-form';
import { SchemaChooser } from './schema-chooser';

export interface ConnectionWizardProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  constants: IntegrationConstants;
  /** The back arrow of the form when there is no whitelist step: back to the platform choice. */
  onBackToPlatforms: () => void;
  /** After 'Setup connection': the schema is set; go to the sync setup. */
  onSchemaSet: (connectionId: string) => void;
}

/** Spec 2 "New-connection wizard", 3 steps, in one dialog; closing it resets it (spec 4). */
export function ConnectionWizard({
  state,
  dispatch,
  constants,
  onBackToPlatforms,
  onSchemaSet,
}: ConnectionWizardProps) {
  const service = constants.warehouse_types.find((s) => s.client_id === state.clientId) ?? null;
  const whitelist = needsWhitelist(state.clientId);
  const close = () => dispatch({ type: 'close' });
  return (
    <Modal
      opened={state.open && service !== null}
      onClose={close}
      title={service ? `New ${service.name} connection` : 'New connection'}
      size="lg"
      centered
      radius="lg"
    >
      {service ? (
        <Stack gap="lg">
          <Stepper active={state.step - (whitelist ? 1 : 2)} size="sm" allowNextStepsSelect={false}>
            {whitelist ? <Stepper.Step label="Whitelist IPs" /> : null}
            <Stepper.Step label="Connection details" />
            <Stepper.Step label="Choose schema" />
          </Stepper>
          {state.step === 1 ? (
            <WhitelistStep
              state={state}
              dispatch={dispatch}
              note={constants.whitelist_note}
              onCancel={close}
            />
          ) : state.step === 2 ? (
            <FormStep
              service={service}
              onBack={whitelist ? () => dispatch({ type: 'previous' }) : onBackToPlatforms}
              onCancel={close}
              onCreated={(id) => dispatch({ type: 'created', connectionId: id })}
            />
          ) : (
            <SchemaStep
              connectionId={state.connectionId!}
              onDone={(id) => {
                dispatch({ type: 'schemaAdded' });
                onSchemaSet(id);
              }}
            />
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}

function WhitelistStep(props: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  note: string;
  onCancel: () => void;
}) {
  const ips = useWhitelistIps(true);
  return (
    <Stack gap="md">
      <Text size="sm">{props.note}</Text>
      {ips.isPending ? (
        <Skeleton height={36} radius="md" />
      ) : (
        (ips.data ?? []).map((ip, index) => (
          <CopyField key={ip} label={`IP address ${index + 1}`} value={ip} />
        ))
      )}
      <Checkbox
        label="I've Whitelisted the IPs"
        checked={props.state.whitelisted}
        onChange={(event) => props.dispatch({ type: 'setWhitelisted', value: event.currentTarget.checked })}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button disabled={!props.state.whitelisted} onClick={() => props.dispatch({ type: 'next' })}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}

function FormStep(props: {
  service: ServiceDescription;
  onBack: () => void;
  onCancel: () => void;
  onCreated: (connectionId: string) => void;
}) {
  const create = useCreateConnection();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (values: ConnectionFormValues) => {
    setServerError(null);
    create.mutate(connectionCreateFields(values, props.service), {
      onSuccess: (connection) => props.onCreated(connection.id),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setServerErrors(fields);
        if (Object.keys(fields).length === 0) setServerError(errorMessage(error));
      },
    });
  };
  return (
    <ConnectionForm
      service={props.service}
      initial={null}
      saving={create.isPending}
      serverErrors={serverErrors}
      serverError={serverError}
      onSubmit={submit}
      onCancel={props.onCancel}
      onBack={props.onBack}
    />
  );
}

function SchemaStep(props: { connectionId: string; onDone: (connectionId: string) => void }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="teal" variant="light" radius="xl" size={36}>
          <IconCircleCheck size={22} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>Connected Succesfully, Let&apos;s setup the sync</Text>
      </Group>
      <SchemaChooser connectionId={props.connectionId} canEdit onDone={props.onDone} />
    </Stack>
  );
}
