// The icon of a top-level menu group on the minimised rail: the octicon its area declares,
// or a neutral one.
import { AppsIcon } from '@primer/octicons-react';
import type { MenuIcon } from '../../host/area.ts';

export function menuIcon(icon: MenuIcon | undefined): MenuIcon {
  return icon ?? AppsIcon;
}
