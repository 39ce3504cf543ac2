// Skeleton size presets of spec 2.1, in pixels.
export const SKELETON_SIZES = { XS: 16, S: 24, M: 32, L: 40, XL: 60, XXL: 120 } as const;
export type SkeletonSize = keyof typeof SKELETON_SIZES;
