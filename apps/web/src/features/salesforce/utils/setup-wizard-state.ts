/**
 * The setup wizard (spec 2 and 4): 1 permissions, 2 objects and API allocation, 3 summary
 * (Recommended or Custom), 4 override (the email key has no source yet). 'reconnect' stands in
 * for the wizard while the connection has no stored login.
 */
export type WizardStep = 1 | 2 | 3 | 4;
export type WizardView = { kind: 'closed' } | { kind: 'reconnect' } | { kind: 'step'; step: WizardStep };

export const closedWizard: WizardView = { kind: 'closed' };

/**
 * Where the wizard opens when the page loads: a missing login asks to reconnect first;
 * ?permission=true (the OAuth return) opens step 1; an unfinished setup resumes at step 3.
 */
export function initialWizardView(
  connection: { access_token: string | null; setup_complete: boolean },
  permissionQuery: boolean,
): WizardView {
  if (connection.access_token === null) return { kind: 'reconnect' };
  if (permissionQuery) return { kind: 'step', step: 1 };
  if (!connection.setup_complete) return { kind: 'step', step: 3 };
  return closedWizard;
}

/** What 'Start Sync' of the summary does next: the override step when the email key has no source. */
export const afterRecommended = (emailMapped: boolean): 'override' | 'confirm' =>
  emailMapped ? 'confirm' : 'override';
