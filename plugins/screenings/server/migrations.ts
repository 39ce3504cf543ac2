// The screenings area's tables: one row per screening (any kind: what was screened, how it
// ended) and one per hit it recorded. Both are tenant tables (row-level security).
import { tenantTable, type Migration } from '../../../src/host/server.ts';

export const CHECKUPS_TABLE = 'screenings_checkups';
export const HITS_TABLE = 'screenings_hits';

export const screeningsMigrations: Migration[] = [
  {
    id: 'screenings/0001_checkups',
    sql: `
CREATE TABLE ${CHECKUPS_TABLE} (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{0,62}$'),
  -- The screened subject's name, for lists and search.
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 500),
  -- The input as sent; the API bounds it at 16 KB, the table a little above.
  input jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(input) = 'object' AND octet_length(input::text) <= 65536),
  execution_status text NOT NULL DEFAULT 'in_progress' CHECK (execution_status IN ('in_progress', 'completed', 'failed')),
  provider_status text CHECK (char_length(provider_status) <= 200),
  hits_count int NOT NULL DEFAULT 0 CHECK (hits_count >= 0),
  summary text CHECK (char_length(summary) <= 2000),
  error text CHECK (char_length(error) <= 1000),
  -- Who asked: a member through the API, or a flow's step ('<instance id>:<seq>', one screening per visit).
  origin text NOT NULL DEFAULT 'api' CHECK (origin IN ('api', 'workflow')),
  origin_ref text CHECK (char_length(origin_ref) <= 100),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX ${CHECKUPS_TABLE}_origin_ref_key ON ${CHECKUPS_TABLE} (client_id, origin_ref) WHERE origin_ref IS NOT NULL;
CREATE INDEX ${CHECKUPS_TABLE}_client_created_idx ON ${CHECKUPS_TABLE} (client_id, created_at DESC, id DESC);
CREATE INDEX ${CHECKUPS_TABLE}_client_kind_created_idx ON ${CHECKUPS_TABLE} (client_id, kind, created_at DESC, id DESC);
CREATE INDEX ${CHECKUPS_TABLE}_client_status_created_idx ON ${CHECKUPS_TABLE} (client_id, execution_status, created_at DESC, id DESC);
${tenantTable(CHECKUPS_TABLE)}

CREATE TABLE ${HITS_TABLE} (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  checkup_id uuid NOT NULL REFERENCES ${CHECKUPS_TABLE} (id) ON DELETE CASCADE,
  -- The order the kind reported them in (best first).
  position int NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (char_length(name) <= 500),
  score double precision NOT NULL CHECK (score >= 0 AND score <= 1),
  source text NOT NULL CHECK (char_length(source) <= 200),
  reference text CHECK (char_length(reference) <= 500),
  details jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (checkup_id, position)
);
CREATE INDEX ${HITS_TABLE}_client_idx ON ${HITS_TABLE} (client_id);
${tenantTable(HITS_TABLE)}
`,
  },
];
