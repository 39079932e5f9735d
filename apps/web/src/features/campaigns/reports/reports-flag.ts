/**
 * Spec 6 puts the Reports tab behind a feature flag; it is on by default and a build setting
 * (VITE_REPORTS_TAB=off) hides it, e.g. where no reports service is deployed.
 */
export const REPORTS_TAB_ENABLED = import.meta.env.VITE_REPORTS_TAB !== 'off';
