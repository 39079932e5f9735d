import 'font-awesome/css/font-awesome.min.css';
import 'grapesjs/dist/css/grapes.min.css';
import './visual-editor.css';
import grapesjs, { type Editor, type ProjectData } from 'grapesjs';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { emailDocument, escapeHtml, unsubscribeAnchor } from '../utils/email-html';
import { makeEditorReachable } from './grapes-a11y';
import { editorConfig, INLINE_HTML_COMMAND, tokenTextBlock, unsubscribeFooter } from './grapes-setup';

/** Spec section 9: the visual editor's changes are collected 500 ms after the last edit. */
export const VISUAL_SAVE_DELAY_MS = 500;

/** What the visual editor saves: the design (`content_json`) and its inlined HTML (`content`). */
export interface VisualSnapshot {
  content: string;
  content_json: ProjectData;
}

export interface VisualEditorHandle {
  /** The current design and HTML, including text still being typed. */
  read: () => Promise<VisualSnapshot>;
  /** Puts a placeholder at the cursor of the text being edited, else in a new text block. */
  insertText: (placeholder: string) => void;
  /** Puts the unsubscribe link at the cursor of the text being edited, else a footer at the end. */
  insertUnsubscribeLink: () => void;
}

export interface VisualEditorProps {
  ref?: Ref<VisualEditorHandle>;
  /** The saved design, or null for a blank canvas (or for `html` alone). */
  design: ProjectData | null;
  /** HTML to start from when there is no design. */
  html: string | null;
  title: string;
  onReady: () => void;
  onChange: (snapshot: VisualSnapshot) => void;
  onError: (error: unknown) => void;
  onTokenRequest: () => void;
}

function snapshotOf(editor: Editor, title: string): VisualSnapshot {
  return {
    content_json: editor.getProjectData(),
    content: emailDocument(String(editor.runCommand(INLINE_HTML_COMMAND) ?? ''), title),
  };
}

/** Appends HTML after the selected block (or into the page) and selects it. */
function appendBlock(editor: Editor, html: string): void {
  const selected = editor.getSelected();
  const parent = selected?.parent();
  const added = parent
    ? parent.components().add(html, { at: selected!.index() + 1 })
    : editor.getWrapper()!.components().add(html);
  const first = Array.isArray(added) ? added[0] : added;
  if (first) editor.select(first);
}

/**
 * GrapesJS with the newsletter preset, self-hosted. Loaded as its own chunk: only this screen
 * pays for the editor. The design the editor loads is the one stored in `content_json`.
 */
export default function VisualEditor({
  ref,
  design,
  html,
  title,
  onReady,
  onChange,
  onError,
  onTokenRequest,
}: VisualEditorProps) {
  const container = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  // Callbacks change identity on every render; the editor lives once per mount.
  const latest = useRef({ title, onReady, onChange, onError, onTokenRequest });
  latest.current = { title, onReady, onChange, onError, onTokenRequest };

  useImperativeHandle(
    ref,
    () => ({
      read: async () => {
        const editor = editorRef.current;
        if (!editor) throw new Error('The visual editor is not ready');
        // Text still being typed lives in the canvas until the editing view syncs it to the model.
        const editing = editor.getEditing();
        const view = editing?.getView() as { syncContent?: () => Promise<void> } | undefined;
        await view?.syncContent?.();
        return snapshotOf(editor, latest.current.title);
      },
      insertText: (placeholder) => {
        const editor = editorRef.current;
        if (!editor) return;
        const rte = editor.RichTextEditor.globalRte;
        if (editor.getEditing() && rte) {
          rte.insertHTML(escapeHtml(placeholder));
          editor.trigger('update');
        } else {
          appendBlock(editor, tokenTextBlock(placeholder));
        }
      },
      insertUnsubscribeLink: () => {
        const editor = editorRef.current;
        if (!editor) return;
        const rte = editor.RichTextEditor.globalRte;
        if (editor.getEditing() && rte) {
          rte.insertHTML(unsubscribeAnchor());
          editor.trigger('update');
          return;
        }
        // A footer belongs at the end of the email, wherever the selection is.
        const added = editor.getWrapper()!.components().add(unsubscribeFooter());
        const footer = Array.isArray(added) ? added[0] : added;
        if (footer) {
          editor.select(footer);
          footer.view?.el.scrollIntoView({ block: 'center' });
        }
      },
    }),
    [],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let editor: Editor;
    try {
      editor = grapesjs.init(
        editorConfig(element, { design, html }, { onTokenRequest: () => latest.current.onTokenRequest() }),
      );
    } catch (error) {
      latest.current.onError(error);
      return;
    }
    editorRef.current = editor;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          latest.current.onChange(snapshotOf(editor, latest.current.title));
        } catch (error) {
          latest.current.onError(error);
        }
      }, VISUAL_SAVE_DELAY_MS);
    };
    let unreachable: (() => void) | undefined;
    editor.onReady(() => {
      unreachable = makeEditorReachable(editor, element);
      // Loading the design is not an edit: only what happens after it counts as a change.
      editor.UndoManager.clear();
      editor.on('update', changed);
      latest.current.onReady();
    });
    return () => {
      clearTimeout(timer);
      unreachable?.();
      editorRef.current = null;
      editor.destroy();
    };
    // The design is read once per mount; the screen remounts the editor to load another.
  }, []);

  return <div ref={container} className="meridian-visual-editor" data-testid="visual-editor" />;
}
