// `RemoveScroll` for Mantine's AppShell header, footer and aside, which read only its class names
// (the scroll lock of a dialog shifts elements with them): the whole scroll-lock library came into
// every signed-in screen's first load for two strings. The names are the library's own constants.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
