import { json } from '@codemirror/lang-json';
import { Box } from '@mantine/core';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { accessibleEditor } from '@/components/code-editor/accessible-editor';

const extensions = [json(), EditorView.lineWrapping, ...accessibleEditor('Payload')];

export interface PayloadEditorProps {
  value: string;
  onChange: (value: string) => void;
}

export interface PayloadEditorHandle {
  /** Puts text at the cursor (replacing a selection), as typing would. */
  insert: (text: string) => void;
}

/** The request body: JSON, where `{{ person.<field> }}` and `{{ tokens.<name> }}` personalise it. */
export const PayloadEditor = forwardRef<PayloadEditorHandle, PayloadEditorProps>(function PayloadEditor(
  { value, onChange },
  ref,
) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  useImperativeHandle(ref, () => ({
    insert: (text) => {
      const view = editor.current?.view;
      if (!view) {
        onChange(value + text);
        return;
      }
      view.dispatch(view.state.replaceSelection(text));
      view.focus();
    },
  }));
  return (
    <Box
      data-testid="payload-editor"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      <CodeMirror
        ref={editor}
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight="210px"
        maxHeight="420px"
        placeholder='{ "email": "{{ person.email }}" }'
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      />
    </Box>
  );
});
