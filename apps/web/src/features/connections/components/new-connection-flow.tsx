import { useReducer } from 'react';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { useIntegrationConstants } from '../api/connections';
import { closedWizard, wizardReducer } from '../utils/wizard-state';
import { AddConnectionDialog } from './add-connection-dialog';
import { ConnectionWizard } from './connection-wizard';

/**
 * The Add Connections dialog and the wizard it leads to. `opened` shows the dialog; its Next
 * starts the wizard; a set schema goes on to the sync setup of the new connection.
 */
export function NewConnectionFlow({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const constants = useIntegrationConstants();
  const navigate = useNavigate();
  const [wizard, dispatch] = useReducer(wizardReducer, closedWizard);
  if (!constants.data) return null;
  return (
    <>
      <AddConnectionDialog
        opened={opened && !wizard.open}
        services={constants.data.warehouse_types}
        onClose={onClose}
        onNext={(service) => {
          dispatch({ type: 'start', clientId: service.client_id, typ: service.client_id });
        }}
      />
      <ConnectionWizard
        state={wizard}
        dispatch={(action) => {
          dispatch(action);
          if (action.type === 'close') onClose();
        }}
        constants={constants.data}
        // The dialog is still open underneath: closing the wizard shows it again.
        onBackToPlatforms={() => dispatch({ type: 'close' })}
        onSchemaSet={(id) => {
          onClose();
          void navigate(protectedRoutes.syncConfigurationDetail.to({ id }));
        }}
      />
    </>
  );
}
