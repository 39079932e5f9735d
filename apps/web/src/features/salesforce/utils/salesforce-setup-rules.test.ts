import { describe, expect, it } from 'vitest';
import { canSaveSelective, clearedWhenOff } from './selective-sync';
import { permissionSentence } from './salesforce-texts';
import { afterRecommended, initialWizardView } from './setup-wizard-state';
import { isSyncPaused, syncButtonState } from './sync-switch';

describe('the header sync button (spec 4)', () => {
  it("offers 'Start Sync' when the sync is not enabled, blocked until a person field is mapped", () => {
    const off = { is_sync_enabled: false, is_sync_active: false };
    expect(syncButtonState(off, 0)).toEqual({ action: 'start', label: 'Start Sync', blocked: true });
    expect(syncButtonState(off, 1)).toEqual({ action: 'start', label: 'Start Sync', blocked: false });
  });

  it("offers 'Pause sync' when enabled and active, 'Resume sync' when enabled and paused", () => {
    expect(syncButtonState({ is_sync_enabled: true, is_sync_active: true }, 0).label).toBe('Pause sync');
    expect(syncButtonState({ is_sync_enabled: true, is_sync_active: false }, 0).label).toBe('Resume sync');
  });

  it('shows the paused banner only for an enabled sync that is not running', () => {
    expect(isSyncPaused({ is_sync_enabled: true, is_sync_active: false })).toBe(true);
    expect(isSyncPaused({ is_sync_enabled: true, is_sync_active: true })).toBe(false);
    expect(isSyncPaused({ is_sync_enabled: false, is_sync_active: false })).toBe(false);
  });
});

describe('where the setup wizard opens (spec 2)', () => {
  const connection = { access_token: 'stored', setup_complete: true };

  it('asks to reconnect first when no login is stored, whatever else holds', () => {
    expect(initialWizardView({ access_token: null, setup_complete: false }, true)).toEqual({
      kind: 'reconnect',
    });
  });

  it('opens step 1 for ?permission=true and resumes at step 3 while setup is not complete', () => {
    expect(initialWizardView(connection, true)).toEqual({ kind: 'step', step: 1 });
    expect(initialWizardView({ ...connection, setup_complete: false }, false)).toEqual({
      kind: 'step',
      step: 3,
    });
    expect(initialWizardView(connection, false)).toEqual({ kind: 'closed' });
  });

  it('goes through the override step when the email key has no source', () => {
    expect(afterRecommended(false)).toBe('override');
    expect(afterRecommended(true)).toBe('confirm');
  });
});

describe('selective sync (spec 5)', () => {
  it('clears the field when turned off', () => {
    expect(clearedWhenOff({ active: false, field: 'Sync__c' })).toEqual({ active: false, field: null });
    expect(clearedWhenOff({ active: true, field: 'Sync__c' })).toEqual({ active: true, field: 'Sync__c' });
  });

  it('saves only when every active object has a field', () => {
    const off = { active: false, field: null };
    expect(canSaveSelective({ lead: off, contact: off })).toBe(true);
    expect(canSaveSelective({ lead: { active: true, field: null }, contact: off })).toBe(false);
    expect(canSaveSelective({ lead: { active: true, field: 'Sync__c' }, contact: off })).toBe(true);
  });
});

describe('the permissions modal lines (spec 2)', () => {
  it("reads 'Read and write', 'Read only', 'Write only' or 'No access to' per object", () => {
    expect(permissionSentence('Read and write', 'Leads')).toBe('Read and write access to Leads');
    expect(permissionSentence('Read only', 'Contacts')).toBe('Read only access to Contacts');
    expect(permissionSentence('Write only', 'Leads')).toBe('Write only access to Leads');
    expect(permissionSentence('No access to', 'Leads')).toBe('No access to Leads');
    expect(permissionSentence(undefined, 'Contacts')).toBe('No access to Contacts');
  });
});
