// `ScrollArea` for Mantine's Table.ScrollContainer, which renders it only with `type="scrollarea"`:
// the theme sets every table's container to `type: 'native'` (a plain scrolling div), so the
// custom scroll area stays out of every table screen's first load. Should a table ask for it all
// the same, it gets the native scrolling div it would have with the theme's setting.
import { createElement, forwardRef } from 'react';

const SCROLL_AREA_OPTIONS = ['offsetScrollbars', 'scrollbars', 'type', 'scrollbarSize', 'scrollHideDelay'];

export const ScrollArea = forwardRef(function NativeScroll(props, ref) {
  const rest = { ...props };
  // The scroll area's own options mean nothing to a plain div.
  for (const option of SCROLL_AREA_OPTIONS) delete rest[option];
  return createElement('div', { ...rest, ref, style: { overflow: 'auto', ...rest.style } });
});
