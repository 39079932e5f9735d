import type { TemplateType } from '@meridian/contracts';

/** The editor names the create dialog and the list show (spec 2 "Email templates"). */
export const EDITOR_TYPE_LABELS: Record<TemplateType, string> = {
  visual: 'Visual editor (drag and drop)',
  advanced: 'HTML editor',
};

/** The short form for table cells and badges. */
export function editorTypeLabel(type: TemplateType): string {
  return type === 'visual' ? 'Drag and drop' : 'HTML';
}
