// Side-menu preferences: minimised (icon rail) or expanded.
import { persisted } from './storage.ts';

export const MENU_EXPANDED_WIDTH = 214;
export const MENU_MINIMISED_WIDTH = 46;

export const menuMinimised$ = persisted<boolean>('menu_minimized', false, {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  serialize: (v) => String(v),
});
