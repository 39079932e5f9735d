/**
 * Spec section 4, "Connection wizard": the step starts at 1; next and previous (never below 1);
 * set-step; after a successful create go to step 3; after the schema is added the modal closes.
 * Closing resets the wizard. Step 1 (whitelist IPs) is only for the warehouse client 'redshift'
 * (spec 2 and 9), so for every other service the wizard opens at step 2 and never goes back to 1.
 */
export const WAREHOUSE_CLIENT_ID = 'redshift';

export type WizardStep = 1 | 2 | 3;

export interface WizardState {
  open: boolean;
  step: WizardStep;
  /** The service chosen in the Add Connections dialog (its client id), or null. */
  clientId: string | null;
  /** The warehouse type the form creates (redshift, postgres, snowflake). */
  typ: string | null;
  /** The connection made in step 2, for step 3's schema select. */
  connectionId: string | null;
  /** The 'I've Whitelisted the IPs' checkbox of step 1. */
  whitelisted: boolean;
}

export type WizardAction =
  | { type: 'start'; clientId: string; typ: string }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'setStep'; step: WizardStep }
  | { type: 'setWhitelisted'; value: boolean }
  | { type: 'created'; connectionId: string }
  | { type: 'schemaAdded' }
  | { type: 'close' };

export const closedWizard: WizardState = {
  open: false,
  step: 1,
  clientId: null,
  typ: null,
  connectionId: null,
  whitelisted: false,
};

/** Whether the service shows the whitelist step. */
export function needsWhitelist(clientId: string | null): boolean {
  return clientId === WAREHOUSE_CLIENT_ID;
}

function firstStep(clientId: string | null): WizardStep {
  return needsWhitelist(clientId) ? 1 : 2;
}

function clampStep(step: number, clientId: string | null): WizardStep {
  const low = firstStep(clientId);
  return Math.min(3, Math.max(low, step)) as WizardStep;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return {
        ...closedWizard,
        open: true,
        clientId: action.clientId,
        typ: action.typ,
        step: firstStep(action.clientId),
      };
    case 'next':
      // The whitelist step moves on only with its checkbox ticked (spec 5).
      if (state.step === 1 && !state.whitelisted) return state;
      return { ...state, step: clampStep(state.step + 1, state.clientId) };
    case 'previous':
      return { ...state, step: clampStep(state.step - 1, state.clientId) };
    case 'setStep':
      return { ...state, step: clampStep(action.step, state.clientId) };
    case 'setWhitelisted':
      return { ...state, whitelisted: action.value };
    case 'created':
      return { ...state, connectionId: action.connectionId, step: 3 };
    case 'schemaAdded':
    case 'close':
      return closedWizard;
  }
}
