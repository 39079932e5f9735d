import { json } from '@codemirror/lang-json';
import { Box } from '@mantine/core';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';

const extensions = [json(), EditorView.lineWrapping];

export interface PayloadEditorProps {
  value: string;
  onChange: (value: string) => void;
}

/** The request body: JSON, where `{{ person.<field> }}` and `{{ tokens.<name> }}` personalise it. */
export function PayloadEditor({ value, onChange }: PayloadEditorProps) {
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
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight="210px"
        maxHeight="420px"
        placeholder='{ "email": "{{ person.email }}" }'
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
        aria-label="Payload"
      />
    </Box>
  );
}
