/**
 * The visual editor ends text editing on any mousedown in the page. Controls that act on the
 * text being edited (inserting a token or a link at its caret) stop their mousedowns here.
 */
export const keepEditing = (event: { stopPropagation: () => void }) => event.stopPropagation();
