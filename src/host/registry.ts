// The registry of this build for an area's browser code that needs no toolkit (pure
// helpers, shell slots): what the areas declared and what the shell derived from it.
export { registry } from '../web/registry.ts';
