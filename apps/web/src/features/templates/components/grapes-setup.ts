import type { Editor, EditorConfig, ProjectData } from 'grapesjs';
import newsletterPreset from 'grapesjs-preset-newsletter';
import { escapeHtml, unsubscribeAnchor } from '../utils/email-html';

/** The preset's command that returns the HTML with its CSS inlined, as mail clients need it. */
export const INLINE_HTML_COMMAND = 'gjs-get-inlined-html';

/**
 * The preset's blocks, without the two whose sample content loads images from a third-party
 * placeholder host: everything the editor shows is served by the product itself.
 */
const PRESET_BLOCKS = [
  'sect100',
  'sect50',
  'sect30',
  'sect37',
  'text-sect',
  'text',
  'image',
  'button',
  'divider',
  'quote',
  'link',
  'link-block',
];

const ICONS = {
  token:
    '<svg viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M8 3a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2H3v2h1a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h2v-2H8v-5a2 2 0 0 0-2-2 2 2 0 0 0 2-2V5h2V3H8Zm8 0a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h1v2h-1a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2h-2v-2h2v-5a2 2 0 0 1 2-2 2 2 0 0 1-2-2V5h-2V3h2Z"/></svg>',
  unsubscribe:
    '<svg viewBox="0 0 24 24" width="18" height="18"><path fill="currentColor" d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h9v-2H4V8l8 5 8-5v5h2V6a2 2 0 0 0-2-2Zm-8 7L4 6h16l-8 5Zm3.5 5.1 1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1-2.1-2.1Z"/></svg>',
};

const FOOTER_STYLE =
  'padding:12px 8px;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280;';

/** A text block holding a token placeholder, for a token added while no text is being edited. */
export function tokenTextBlock(placeholder: string): string {
  return `<div style="padding:8px;font-family:Arial,Helvetica,sans-serif;font-size:14px;">${escapeHtml(placeholder)}</div>`;
}

/** The footer line the 'Unsubscribe link' block and button add. */
export function unsubscribeFooter(): string {
  return `<div style="${FOOTER_STYLE}">Don't want these emails? ${unsubscribeAnchor()}</div>`;
}

export interface EditorHooks {
  /** The 'Add token' action of the text toolbar was pressed. */
  onTokenRequest: () => void;
}

/** The block and the text-toolbar actions the product adds to the newsletter preset. */
function productPlugin(hooks: EditorHooks) {
  return (editor: Editor) => {
    editor.Blocks.add('unsubscribe-link', {
      label: 'Unsubscribe link',
      media: ICONS.unsubscribe,
      content: unsubscribeFooter(),
      select: true,
    });
    // The text toolbar exists once the editor has rendered: actions added earlier are lost.
    editor.onReady(() => {
      editor.RichTextEditor.add('token', {
        icon: ICONS.token,
        attributes: { title: 'Add token' },
        result: () => hooks.onTokenRequest(),
      });
      editor.RichTextEditor.add('unsubscribe', {
        icon: ICONS.unsubscribe,
        attributes: { title: 'Unsubscribe link' },
        result: (rte) => rte.insertHTML(unsubscribeAnchor(rte.selection()?.toString() || 'Unsubscribe')),
      });
    });
  };
}

/** Resolves the preset's default export across its CommonJS and ES module builds. */
function presetPlugin(): typeof newsletterPreset {
  const loaded = newsletterPreset as unknown;
  if (typeof loaded === 'function') return loaded as typeof newsletterPreset;
  return (loaded as { default: typeof newsletterPreset }).default;
}

export function editorConfig(
  container: HTMLElement,
  initial: { design: ProjectData | null; html: string | null },
  hooks: EditorHooks,
): EditorConfig {
  return {
    container,
    height: '100%',
    width: 'auto',
    fromElement: false,
    // The product stores the design with the template; nothing goes to browser storage.
    storageManager: false,
    noticeOnUnload: false,
    // Nothing leaves the product: no usage telemetry to the vendor, and the panel icons
    // (Font Awesome 4.7) come bundled from visual-editor.tsx instead of the default public CDN.
    telemetry: false,
    cssIcons: '',
    // A saved design loads as it was; HTML without a design (an imported starter) is parsed once.
    projectData: initial.design ?? { pages: [{ component: initial.html ?? '' }] },
    i18n: { locale: 'en-US', localeFallback: 'en', detectLocale: false },
    assetManager: { upload: false },
    // Seen only in the canvas, never exported: a hint on an empty email.
    canvasCss: `[data-gjs-type="wrapper"]:empty::before {
      content: 'Drag blocks from the panel on the right to start your email';
      display: block; margin: 64px auto; max-width: 420px; padding: 32px; text-align: center;
      font: 14px/1.5 -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #6b7280;
      border: 2px dashed #d1d5db; border-radius: 12px;
    }`,
    plugins: [
      (editor) =>
        presetPlugin()(editor, {
          blocks: PRESET_BLOCKS,
          inlineCss: true,
          // The product's light theme lives in visual-editor.css.
          useCustomTheme: false,
          showStylesOnChange: true,
          showBlocksOnLoad: true,
        }),
      productPlugin(hooks),
    ],
  };
}
