// One entity model for every list the engine reads (OFAC, UN, CSL, BIS, FinCEN, EU, UK,
// client blacklists). Parsers produce it; the index and the scorer read only it.

export type Schema = 'person' | 'organisation' | 'vessel' | 'aircraft' | 'unknown';

export interface EntityName {
  /** As published (original script kept). */
  full: string;
  /** 'primary' the list's main name; 'strong' a good-quality alias; 'weak' a low-quality alias (OFAC a.k.a. in quotes, UN QUALITY=low); 'former' fka/ex-names. */
  kind: 'primary' | 'strong' | 'weak' | 'former';
  /** Structured parts when the list gives them. */
  given?: string;
  family?: string;
  /** Script hint when published in original script (UN NAME_ORIGINAL_SCRIPT). */
  original?: boolean;
}

/** A date of birth or incorporation: full date, a year, or a range of years. */
export interface PartialDate {
  /** ISO 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
  value?: string;
  /** Inclusive year range when only a span is known ('circa 1960', '1960 to 1962'). */
  from?: number;
  to?: number;
}

export interface Identifier {
  /** passport, national_id, tax_id, ssn, itin, drivers_license, ein, imo, mmsi, swift_bic, lei, registration, crypto, other */
  type: string;
  value: string;
  /** Issuing country (ISO 3166-1 alpha-2 when known) or, for crypto, the currency code (XBT, ETH, USDT …). */
  country?: string;
  currency?: string;
  note?: string;
}

export interface Address {
  full: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 when it can be resolved, else the published text. */
  country?: string;
}

export interface Link {
  /** 'linked_to' (OFAC Linked To:), 'owned_by', 'associate', … */
  relation: string;
  /** Target entity id in the same list when resolvable. */
  targetId?: string;
  /** Name as published when the target is not resolvable. */
  targetName?: string;
}

export interface Entity {
  /** Unique across lists: '<list>:<source id>', e.g. 'us_ofac:36', 'un_sc:QDi.001'. */
  id: string;
  /** List id: us_ofac, us_non_sdn, us_csl, un_sc, us_bis_dpl, us_fincen_314a, eu_fsf, uk_sanctions, blacklist:<client> … */
  list: string;
  /** Version of the list this came from (publication date or file hash). */
  listVersion: string;
  /** Source id within the list. */
  sourceId: string;
  schema: Schema;
  names: EntityName[];
  gender?: 'male' | 'female';
  birthDates: PartialDate[];
  /** Places of birth as published. */
  birthPlaces: string[];
  /** ISO alpha-2 codes where resolvable (nationality, citizenship). */
  nationalities: string[];
  /** Other countries tied to the entity (addresses, registration, flag). ISO alpha-2 when resolvable. */
  countries: string[];
  addresses: Address[];
  identifiers: Identifier[];
  programmes: string[];
  remarks?: string;
  links: Link[];
  /** Vessel/aircraft details, titles and the like, kept for display. */
  extra?: Record<string, string>;
}

export interface LoadReject {
  line: number;
  reason: string;
  /** The offending raw text, truncated. */
  raw?: string;
}

export interface ListLoad {
  list: string;
  listVersion: string;
  /** Source files read. */
  files: string[];
  entities: Entity[];
  /** Count of names (primary + aliases) over all entities. */
  names: number;
  rejects: LoadReject[];
}

/** Thrown when a file is not of the expected kind (wrong layout, wrong format). */
export class WrongFileError extends Error {
  override name = 'WrongFileError';
}
