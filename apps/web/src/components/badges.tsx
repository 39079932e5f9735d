import type { ReactNode } from 'react';
import classes from './badges.module.css';

/**
 * An icon in a soft grey circle (an empty state's picture). Mantine's ThemeIcon looks the same;
 * this one is for screens whose first load should not carry it.
 */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <span className={classes.iconBadge} aria-hidden="true">
      {children}
    </span>
  );
}

/** Up to two initials of a name (first letters of its first two words). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A person's initials in a circle, beside their name (so it is hidden from screen readers). */
export function InitialsAvatar({ name }: { name: string }) {
  return (
    <span className={classes.initials} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
