import {
  createTheme,
  type ActionIconProps,
  type AlertProps,
  type AnchorProps,
  type AvatarProps,
  type ButtonProps,
  type DrawerProps,
  type PortalProps,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaperProps,
  type PasswordInputProps,
  type TableProps,
  type TableScrollContainerProps,
  type TextInputProps,
  type TooltipProps,
} from '@mantine/core';

/**
 * Component defaults as plain objects, typed by the component's props: `Menu.extend(...)` would
 * import every component into the first load (the login page would carry the menus, drawers and
 * tables of the signed-in frame). The theme only needs their names.
 */
const defaults = <P>(defaultProps: Partial<P>) => ({ defaultProps });

/** The element portals render into (`BaseProvider`), a landmark of its own. */
export const OVERLAYS_ID = 'overlays';

const meridian: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

/**
 * Mantine's grey with shade 6 darkened: it is the 'dimmed' text colour, and #868e96 reads at
 * 3.3:1 on white. #666d75 keeps 4.5:1 (WCAG AA) on white and on the page background (gray.0/1).
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#666d75',
  '#495057',
  '#343a40',
  '#212529',
];

/** Red from shade 6 on darkened, so red text ('Remove' items) and white on red keep 4.5:1. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#9c2121',
  '#861c1c',
];

/** Mantine's teal and orange with their darkest shades darker: light badges and warning text keep 4.5:1. */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#066649',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#9a3412',
];

/** Initials colours whose light avatar (darkest shade on a pale one) keeps 4.5:1. */
const INITIALS_COLORS = ['blue', 'cyan', 'grape', 'indigo', 'pink', 'red', 'violet', 'meridian'];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'meridian',
  primaryShade: 6,
  colors: { meridian, gray, red, teal, orange },
  fontFamily: fontStack,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.05)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 6px 16px -4px rgba(16, 24, 40, 0.10), 0 2px 6px -2px rgba(16, 24, 40, 0.05)',
  },
  components: {
    Button: defaults<ButtonProps>({ radius: 'md' }),
    ActionIcon: defaults<ActionIconProps>({ variant: 'subtle', color: 'gray' }),
    Anchor: defaults<AnchorProps>({ underline: 'hover' }),
    TextInput: defaults<TextInputProps>({ size: 'md' }),
    PasswordInput: defaults<PasswordInputProps>({ size: 'md' }),
    Paper: defaults<PaperProps>({ withBorder: true, radius: 'lg', shadow: 'xs' }),
    Menu: defaults<MenuProps>({
      shadow: 'md',
      radius: 'md',
      position: 'bottom-start',
      offset: 6,
      // The focus placeholder is a child of role=menu that is not a menu item (an ARIA error);
      // without it the keyboard lands on the first item.
      withInitialFocusPlaceholder: false,
    }),
    // Every dialog's close button (an icon) gets a name screen readers announce.
    Modal: defaults<ModalProps>({
      closeButtonProps: { 'aria-label': 'Close' },
      // A dialog's title bar is Mantine's <header>: a second banner landmark beside the app's own.
      attributes: { header: { role: 'none' } },
    }),
    Drawer: defaults<DrawerProps>({
      closeButtonProps: { 'aria-label': 'Close' },
      attributes: { header: { role: 'none' } },
    }),
    Portal: defaults<PortalProps>({ target: `#${OVERLAYS_ID}` }),
    Avatar: defaults<AvatarProps>({ allowedInitialsColors: INITIALS_COLORS }),
    Alert: defaults<AlertProps>({ closeButtonLabel: 'Close' }),
    Notification: defaults<NotificationProps>({ closeButtonProps: { 'aria-label': 'Close' } }),
    Table: defaults<TableProps>({ verticalSpacing: 'sm', horizontalSpacing: 'md' }),
    // On a phone a table scrolls sideways inside its container: a keyboard must reach it to scroll.
    // A named group, not a region: two tables on one screen would be two landmarks of one name.
    TableScrollContainer: defaults<TableScrollContainerProps>({
      type: 'native',
      tabIndex: 0,
      role: 'group',
      'aria-label': 'Table',
    }),
    Tooltip: defaults<TooltipProps>({ withArrow: true }),
  },
});
