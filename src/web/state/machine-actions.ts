// The actions a page may offer on a stored instance: asked of the same machine the server
// applies events with (src/shared/statecharts.ts).
export { acceptedEvents } from '../../shared/statecharts.ts';
