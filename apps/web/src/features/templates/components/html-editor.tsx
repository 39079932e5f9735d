import { html } from '@codemirror/lang-html';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useImperativeHandle, useRef, type Ref } from 'react';
import { accessibleEditor } from '@/components/code-editor/accessible-editor';

export interface HtmlEditorHandle {
  /** Puts text at the cursor (replacing the selection) and keeps the focus in the code. */
  insertText: (text: string) => void;
}

export interface HtmlEditorProps {
  ref?: Ref<HtmlEditorHandle>;
  value: string;
  onChange: (value: string) => void;
}

const extensions = [html(), EditorView.lineWrapping, ...accessibleEditor('HTML code')];

/** The HTML editor's code pane (CodeMirror). Loaded as its own chunk, like the visual editor. */
export default function HtmlEditor({ ref, value, onChange }: HtmlEditorProps) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  useImperativeHandle(
    ref,
    () => ({
      insertText: (text) => {
        const view = editor.current?.view;
        if (!view) return;
        const { from, to } = view.state.selection.main;
        view.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
          scrollIntoView: true,
        });
        view.focus();
      },
    }),
    [],
  );
  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="100%"
      style={{ height: '100%', fontSize: 13 }}
      basicSetup={{ foldGutter: true, highlightActiveLine: true }}
      data-testid="html-editor"
    />
  );
}
