import type { Editor } from 'grapesjs';

const PANEL_BUTTON = '.gjs-pn-btn';

/** Names of the panel buttons GrapesJS ships without a title (devices and commands). */
const BUTTON_NAMES: Record<string, string> = {
  'set-device-desktop': 'Desktop view',
  'set-device-tablet': 'Tablet view',
  'set-device-mobile': 'Mobile view',
  undo: 'Undo',
  redo: 'Redo',
  'gjs-open-import-template': 'Import HTML',
  'gjs-toggle-images': 'Toggle images',
  'canvas-clear': 'Clear canvas',
};

const humanize = (id: string) => id.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * GrapesJS renders its panel buttons as icon spans a keyboard cannot reach, an untitled canvas
 * frame and a scrolling panel without focus. This gives the frame a name, the panel a focusable
 * region, and every panel button a role, a name (its tooltip), a tab stop and Enter/Space.
 */
export function makeEditorReachable(editor: Editor, container: HTMLElement): () => void {
  editor.Canvas.getFrameEl()?.setAttribute('title', 'Email canvas');
  const views = container.querySelector('.gjs-pn-views-container');
  if (views) {
    views.setAttribute('tabindex', '0');
    views.setAttribute('role', 'region');
    views.setAttribute('aria-label', 'Editor panel');
  }
  for (const panel of editor.Panels.getPanels()) {
    for (const button of panel.buttons) {
      const attributes = (button.get('attributes') ?? {}) as Record<string, string>;
      const translated = editor.I18n.t(`panels.buttons.titles.${button.id}`) as string | undefined;
      const id = String(button.id ?? '');
      const name = attributes.title || translated || BUTTON_NAMES[id] || humanize(id);
      // The preset adds an empty placeholder button (no id, no icon): nothing to announce or reach.
      if (!name) {
        button.set('attributes', { ...attributes, 'aria-hidden': 'true' });
        continue;
      }
      // Kept as the button's own attributes, so GrapesJS keeps them when it renders the button again.
      button.set('attributes', {
        ...attributes,
        title: name,
        'aria-label': name,
        role: 'button',
        tabindex: '0',
      });
    }
  }
  const pressed = () => {
    for (const button of container.querySelectorAll<HTMLElement>(PANEL_BUTTON)) {
      const active = String(button.classList.contains('gjs-pn-active'));
      if (button.getAttribute('aria-pressed') !== active) button.setAttribute('aria-pressed', active);
    }
  };
  pressed();
  // Buttons toggle their active class when used: keep aria-pressed in step.
  const observer = new MutationObserver(pressed);
  observer.observe(container.querySelector('.gjs-pn-panels') ?? container, {
    subtree: true,
    childList: true,
    attributeFilter: ['class'],
  });
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (!target?.matches(PANEL_BUTTON) || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    target.click();
  };
  container.addEventListener('keydown', onKey);
  return () => {
    observer.disconnect();
    container.removeEventListener('keydown', onKey);
  };
}
