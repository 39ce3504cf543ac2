// Components areas hand the shell (manifests' `shell.topBar` and `shell.overlays`): each
// loads lazily after the first paint and shows only to members its guard allows. A slot
// that fails to load shows nothing rather than breaking the page around it.
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { CatalogSlot } from '../../host/catalog.ts';
import { reportError } from '../monitoring.ts';
import { registry } from '../registry.ts';
import type { Grants } from '../../shared/access.ts';
import { useClient } from '../state/client.tsx';

const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
function slotComponent(slot: CatalogSlot): LazyExoticComponent<ComponentType> {
  const key = `${slot.area}:${slot.id}`;
  let c = loaded.get(key);
  if (!c) { c = lazy(slot.component); loaded.set(key, c); }
  return c;
}

class SlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  componentDidCatch(error: unknown) { reportError(error); }
  render() { return this.state.failed ? null : this.props.children; }
}

export function ShellSlots({ slots }: { slots: readonly CatalogSlot[] }) {
  const { grants } = useClient();
  return <NoClientSlots slots={slots} grants={grants} />;
}

/** The same, with the grants given (outside a client: the client chooser). */
export function NoClientSlots({ slots, grants }: { slots: readonly CatalogSlot[]; grants: Grants }) {
  return (
    <>
      {slots.filter((s) => registry.canSee(s, grants)).map((s) => {
        const C = slotComponent(s);
        return <SlotBoundary key={`${s.area}:${s.id}`}><Suspense fallback={null}><C /></Suspense></SlotBoundary>;
      })}
    </>
  );
}

export const topBarSlots = (placement: 'start' | 'end') =>
  registry.catalog.shell.topBar.filter((s) => (s.placement ?? 'end') === placement);
export const overlaySlots = () => registry.catalog.shell.overlays;
