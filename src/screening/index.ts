// The screening engine: a pure library (no HTTP, no database). Lists in, names and facts
// in, ranked matches with reasons out. See docs/screening.md.

export { DEFAULT_THRESHOLD, ScreeningIndex, buildIndex, forScreening, kept } from './search-index.ts';
export type { IndexOptions, IndexStats, MatchExplanation, ScreeningMatch, ScreeningQuery, SearchOptions } from './search-index.ts';
export { compareNames, parseSchema } from './compare.ts';
export type { CompareNamesOptions, CompareResult } from './compare.ts';
export type { FactEffect, QueryIdentifier } from './facts.ts';
export { countryCode } from './countries.ts';
