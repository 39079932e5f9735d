import { liquid } from '@codemirror/lang-liquid';
import { Box } from '@mantine/core';
import CodeMirror, {
  Decoration,
  EditorView,
  StateEffect,
  StateField,
  type DecorationSet,
  type ReactCodeMirrorRef,
} from '@uiw/react-codemirror';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { accessibleEditor } from '@/components/code-editor/accessible-editor';

/** Marks the line the syntax check points at. */
const setErrorLine = StateEffect.define<number | null>();

const errorLineDecoration = Decoration.line({ class: 'cm-token-error-line' });

const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLine)) continue;
      const line = effect.value;
      const doc = transaction.state.doc;
      next =
        line !== null && line >= 1 && line <= doc.lines
          ? Decoration.set([errorLineDecoration.range(doc.line(line).from)])
          : Decoration.none;
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const editorTheme = EditorView.theme({
  '&': { fontSize: '13.5px', backgroundColor: 'var(--mantine-color-body)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-content': { fontFamily: 'var(--mantine-font-family-monospace)', padding: '10px 0' },
  '.cm-gutters': {
    backgroundColor: 'var(--mantine-color-gray-0)',
    borderRight: '1px solid var(--mantine-color-gray-2)',
    color: 'var(--mantine-color-gray-5)',
  },
  '.cm-token-error-line': {
    backgroundColor: 'var(--mantine-color-red-0)',
    boxShadow: 'inset 3px 0 0 var(--mantine-color-red-6)',
  },
});

const EXTENSIONS = [
  liquid(),
  errorLineField,
  editorTheme,
  EditorView.lineWrapping,
  ...accessibleEditor('Token code'),
];

export interface TokenCodeEditorHandle {
  /** Puts `text` at the cursor (replacing the selection) and focuses the editor. */
  insert: (text: string) => void;
}

export interface TokenCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** 1-based line to mark, or null. */
  errorLine: number | null;
  invalid: boolean;
}

/** The token code editor (Liquid), with the line of a syntax error marked. */
export const TokenCodeEditor = forwardRef<TokenCodeEditorHandle, TokenCodeEditorProps>(
  function TokenCodeEditor({ value, onChange, errorLine, invalid }, ref) {
    const editor = useRef<ReactCodeMirrorRef>(null);

    useImperativeHandle(ref, () => ({
      insert(text) {
        const view = editor.current?.view;
        if (!view) {
          onChange(value + text);
          return;
        }
        const { from, to } = view.state.selection.main;
        view.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
          scrollIntoView: true,
        });
        view.focus();
      },
    }));

    useEffect(() => {
      editor.current?.view?.dispatch({ effects: setErrorLine.of(errorLine) });
    }, [errorLine, value]);

    return (
      <Box
        data-testid="token-code-editor"
        style={{
          border: `1px solid var(--mantine-color-${invalid ? 'red-5' : 'gray-3'})`,
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        <CodeMirror
          ref={editor}
          value={value}
          onChange={onChange}
          extensions={EXTENSIONS}
          minHeight="260px"
          maxHeight="520px"
          placeholder="{{ person.first_name | capitalize }}"
          basicSetup={{ foldGutter: false, highlightActiveLineGutter: true, autocompletion: true }}
        />
      </Box>
    );
  },
);
