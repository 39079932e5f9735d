import { EditorView, type Extension } from '@uiw/react-codemirror';

/**
 * What every code editor needs to be usable with assistive technology: a name on the editable
 * element (a label on CodeMirror's wrapper is not announced, and ARIA forbids it on a plain div),
 * and a placeholder that keeps 4.5:1 contrast.
 */
export function accessibleEditor(label: string): Extension[] {
  return [
    EditorView.contentAttributes.of({ 'aria-label': label }),
    EditorView.theme({ '.cm-placeholder': { color: 'var(--mantine-color-dimmed)' } }),
  ];
}
