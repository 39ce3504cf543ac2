// The screenings area's extension point `screenings.kinds`: a screening kind (OFAC, FinCEN,
// an AML provider, the prohibited-countries check …) is a contribution to it, so a new kind
// is one folder of its own (plugins/<kind-area>/) and never an edit here.
//
// A contribution has two halves, declared once in the contributing folder:
//   - the web half, in its manifest (`contributes: { 'screenings.kinds': [kind] }`): code,
//     title, guard, menu order, the input form's fields and optional views. From it the
//     screenings manifest derives the kind's routes and menu entry (plugin.ts, expandKinds);
//   - the server half, in its server plugin (same key): the input schema and run(). From it
//     the screenings server derives `POST /checkups/<code>` and the workflow step
//     `screenings.<code>` (server/index.ts).
// Contributors name these types through the registry below, without importing this area:
//   type Kind = ExtensionPointRegistry['screenings.kinds']['web'];
import type { Struct } from 'superstruct';
import type { AccessCheck, FeatureCode, LazyComponent } from '../../src/host/area.ts';

/** A kind's code: its path segment (checkup/instant_checkups/<code>), API path and step type. */
export const KIND_CODE = /^[a-z][a-z0-9_]{0,62}$/;

/** Segments under checkup/instant_checkups/ that are not kinds (spec 2.6). */
export const RESERVED_CODES: readonly string[] = ['all', 'comply_advantage_aml_common', 'veriff_identity_verification', 'maxmind_geo_ip'];

export type KindSubject = 'person' | 'business' | 'any';

/** One field of a kind's "New screening" form (rendered by the toolkit's ResourceForm). */
export interface KindField {
  /** The input key it fills (`name`, `countries` …); the server's messages land on it by this name. */
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'email' | 'tel' | 'number' | 'date' | 'select' | 'multi-select' | 'checkbox';
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  placeholder?: string;
}

/** A screening as the API answers it (GET /checkups/:id). */
export interface CheckupRecord {
  id: string;
  kind: string;
  name: string;
  input: Record<string, unknown>;
  execution_status: 'in_progress' | 'completed' | 'failed';
  provider_status: string | null;
  hits_count: number;
  summary: string | null;
  error: string | null;
  origin: 'api' | 'workflow';
  origin_ref: string | null;
  created_by: { id: string; full_name: string; email: string } | null;
  created_at: string;
  finished_at: string | null;
  hits?: HitRecord[];
}

export interface HitRecord {
  id: string;
  checkup_id: string;
  position: number;
  name: string;
  score: number;
  source: string;
  reference: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** The browser half of a kind (its manifest's contribution). */
export interface ScreeningKindWeb {
  /** The spec's path segment: 'ofac', 'fincen_person', 'prohibited_countries' (KIND_CODE). */
  code: string;
  /** Menu and list title. */
  title: string;
  /** Who may run and read screenings of this kind (spec 6 semantics). */
  access: AccessCheck;
  /** Features the client needs, all of them. */
  feature?: FeatureCode | readonly FeatureCode[];
  /** Order in Compliance Toolset › Screenings; none: not in the menu. */
  order?: number;
  /** Segment of the hit detail page: 'info' (default), 'ofac_info' for OFAC (spec 2.6). */
  hit?: string;
  /** Whom it screens: a person, a business, or either. */
  subject?: KindSubject;
  /** One sentence under the list's title: what the kind checks, against what. */
  description?: string;
  /**
   * The "New screening" form. A kind without fields has no pages yet: its routes are
   * registered and answer 404, and its menu entry stays hidden (spec: register every route
   * from the start, attach pages as they are built).
   */
  fields?: readonly KindField[];
  /** Show the provider status on the detail (spec 3: AML, FinCEN, OFAC, business verification). */
  providerStatus?: boolean;
  /** Views replacing the default ones (the input, status and hits table; one hit's fields). */
  views?: {
    detail?: LazyComponent<{ checkup: CheckupRecord }>;
    hit?: LazyComponent<{ checkup: CheckupRecord; hit: HitRecord }>;
  };
}

/** One hit a kind reports: what matched, how strongly, where it was listed. */
export interface KindHit {
  name: string;
  /** 0 … 1. */
  score: number;
  /** The list or provider it comes from. */
  source: string;
  /** The entry's identifier there (a list id, a regulation, a provider's reference). */
  reference?: string | null;
  /** Anything else worth showing (a JSON object, at most 16 KB). */
  details?: Record<string, unknown>;
}

export interface KindResult {
  hits: KindHit[];
  /** The provider's own verdict, shown on the detail when the kind sets providerStatus. */
  provider_status?: string | null;
  /** One line for the detail page ("2 of 3 countries are prohibited"). */
  summary?: string | null;
}

/** What a kind's run() may use. No database transaction is open while it runs. */
export interface KindRunContext {
  clientId: string;
  /** Aborted when the run's time limit passes or the server stops: hand it to fetch(). */
  signal: AbortSignal;
  /** One query in a short transaction of its own, scoped to the client (row-level security). */
  read<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

/**
 * The server half of a kind (its server plugin's contribution). It repeats the web half's
 * code, title and guard: write the web half once in the kind's folder (kind.ts) and spread
 * it into both, so the two can never disagree.
 */
export interface ScreeningKindServer<I = any> {
  code: string;
  title: string;
  access: AccessCheck;
  feature?: FeatureCode | readonly FeatureCode[];
  /** The input (superstruct), checked on POST /checkups/<code> and when a flow is saved. */
  input: Struct<I, any>;
  /**
   * Screens the input. Throwing ends the screening as failed with the error's message;
   * it never answers 500. Called outside any transaction (it may call a provider).
   */
  run(ctx: KindRunContext, input: I): Promise<KindResult>;
  /** The screened subject's name for lists and search (default: input.name). */
  nameOf?(input: I): string;
  /** The run's time limit on the API, in ms (default 20 000). */
  timeoutMs?: number;
}

declare module '../../src/host/registries.ts' {
  interface ExtensionPointRegistry {
    'screenings.kinds': { web: ScreeningKindWeb; server: ScreeningKindServer };
  }
}
