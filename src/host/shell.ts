// What an area's shell slots (top-bar items, overlays) build with: the shell's own small
// controls, which bring no Primer, so a slot loads quickly after the first paint.
export { Anchor, Popover, ShellButton, ShellInput } from '../web/ui/controls.tsx';
