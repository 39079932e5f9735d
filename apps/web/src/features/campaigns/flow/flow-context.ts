/** The editor's context, for the flow's panels (which sit one folder deeper). */
export type { CampaignEditorContext } from '../editor/editor-context';
