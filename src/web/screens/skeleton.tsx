// Skeleton placeholders (spec 2.1 presets; spec 9: 10 rows in a list, 8 bars in a chart).
import styled, { keyframes } from 'styled-components';

import { SKELETON_SIZES, type SkeletonSize } from './skeleton-sizes.ts';

export { SKELETON_SIZES, type SkeletonSize };

const pulse = keyframes`
  0% { opacity: 1; } 50% { opacity: 0.45; } 100% { opacity: 1; }
`;

const Bar = styled.div<{ $h: number; $w: string; $round: boolean }>`
  height: ${(p) => p.$h}px;
  width: ${(p) => p.$w};
  border-radius: ${(p) => (p.$round ? '50%' : '6px')};
  background: var(--bgColor-neutral-muted, #eaeef2);
  animation: ${pulse} 1.5s ease-in-out infinite;
`;

export function Skeleton({ size = 'M', width = '100%', round = false }: { size?: SkeletonSize; width?: string | number; round?: boolean }) {
  const w = typeof width === 'number' ? `${width}px` : width;
  return <Bar aria-hidden="true" data-skeleton={size} $h={SKELETON_SIZES[size]} $w={w} $round={round} />;
}

const Rows = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/** A list still loading: `count` rows (10 by default). */
export function SkeletonRows({ count = 10, size = 'M' }: { count?: number; size?: SkeletonSize }) {
  return (
    <Rows aria-busy="true" data-testid="skeleton-rows">
      {Array.from({ length: count }, (_, i) => <Skeleton key={i} size={size} />)}
    </Rows>
  );
}

const Chart = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 12px;
  height: 160px;
`;

/** A chart still loading: 8 bars. */
export function SkeletonChart() {
  const heights = [60, 100, 80, 140, 120, 90, 150, 70];
  return (
    <Chart aria-busy="true">
      {heights.map((h, i) => <Bar key={i} $h={h} $w="100%" $round={false} />)}
    </Chart>
  );
}
