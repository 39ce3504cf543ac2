// Renders a route's lazy page: one React.lazy per page module (kept, so navigating back
// does not reload it), skeleton rows while the chunk loads, and an error boundary that
// turns a chunk-load failure into "The application has been updated".
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { LazyPage, PageProps } from '../../host/area.ts';
import { ErrorBoundary } from '../screens/error-boundary.tsx';
import { SkeletonRows } from '../screens/skeleton.tsx';

const pages = new WeakMap<LazyPage, LazyExoticComponent<ComponentType<PageProps>>>();

function lazyPage(load: LazyPage) {
  let page = pages.get(load);
  if (!page) {
    page = lazy(load);
    pages.set(load, page);
  }
  return page;
}

export function PageHost({ load, params, resetKey, inline = true }: {
  load: LazyPage; params: Record<string, string>; resetKey: string; inline?: boolean;
}) {
  const Page = lazyPage(load);
  return (
    <ErrorBoundary inline={inline} resetKey={resetKey}>
      <Suspense fallback={<SkeletonRows count={10} />}>
        <Page params={params} />
      </Suspense>
    </ErrorBoundary>
  );
}
