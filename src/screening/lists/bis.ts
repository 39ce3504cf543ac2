// BIS Denied Persons List (dpl.txt: tab-delimited, every field quoted, one header row) →
// list us_bis_dpl. One entity per row: the list repeats a person for each address and
// order, and gives no id, so the source id is a short hash of the row's identifying fields.

import { createHash } from 'node:crypto';
import type { Entity, ListLoad, LoadReject, Schema } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { readCsv } from './csv.ts';
import { parseDate } from './dates.ts';
import { addAddress, addExtra, addName, makeLoad, newEntity, reject } from './entity.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

export const DPL_COLUMNS = [
  'Name', 'Street_Address', 'City', 'State', 'Country', 'Postal_Code', 'Effective_Date', 'Expiration_Date',
  'Standard_Order', 'Last_Update', 'Action', 'FR_Citation',
] as const;

const US_STATES = new Set(
  ('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP').split(' '),
);

// Words that make a name a company; the rest stay 'unknown' (the list mixes both and says not which).
const COMPANY_WORDS =
  /\b(INC|INCORPORATED|LLC|L\.L\.C|LTD|LIMITED|CORP|CORPORATION|CO|COMPANY|GMBH|AG|SA|S\.A|SRL|BV|B\.V|PLC|LLP|LP|PTE|PVT|FZE|FZCO|JSC|OOO|OAO|ZAO|PJSC|TRADING|ENTERPRISES?|INDUSTRIES|INTERNATIONAL|GROUP|HOLDINGS?|TECHNOLOGIES|TECHNOLOGY|ELECTRONICS|AVIATION|AIRLINES?|SERVICES|SUPPLY|IMPORTS?|EXPORTS?)\b\.?/;

function schemaOf(name: string): Schema {
  return COMPANY_WORDS.test(name.toUpperCase()) ? 'organisation' : 'unknown';
}

function rowId(f: string[]): string {
  return createHash('sha256').update(f.slice(0, 7).join('\t')).digest('hex').slice(0, 16);
}

export function parseBisDpl(src: SourceText, now: Date = new Date()): ListLoad {
  const list = 'us_bis_dpl';
  const rows = readCsv(src.text, { delimiter: '\t', multiline: false });
  const head = rows.next();
  const header = head.done ? [] : head.value.fields.map((h) => h.trim());
  if (header.length !== DPL_COLUMNS.length || DPL_COLUMNS.some((c, i) => header[i] !== c)) {
    throw new WrongFileError(
      `${src.name} is not the BIS Denied Persons List: expected a tab-delimited header ` +
        `"${DPL_COLUMNS.slice(0, 4).join('\\t')}…" (${DPL_COLUMNS.length} columns), it starts with ${preview(src.text)}`,
    );
  }
  const today = now.toISOString().slice(0, 10);
  const rejects: LoadReject[] = [];
  const entities: Entity[] = [];
  const seen = new Map<string, number>();
  let latest = '';
  for (const r of rows) {
    const f = r.fields.map((v) => v.trim());
    if (r.error) {
      reject(rejects, r.line, r.error, r.fields);
      continue;
    }
    if (f.length !== DPL_COLUMNS.length) {
      reject(rejects, r.line, `expected ${DPL_COLUMNS.length} columns, got ${f.length}`, r.fields);
      continue;
    }
    const [name, street, city, state, country, postal, effective, expiration, standardOrder, lastUpdate, action, citation] =
      f as [string, string, string, string, string, string, string, string, string, string, string, string];
    if (!name) {
      reject(rejects, r.line, 'no name', r.fields);
      continue;
    }
    let id = rowId(f);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id = `${id}-${n}`;
    const e = newEntity(list, id, schemaOf(name));
    addName(e, { full: name, kind: 'primary' });
    // US addresses leave Country empty and give a state.
    const countryText = country || (US_STATES.has(state.toUpperCase()) ? 'US' : '');
    addAddress(e, { street, city, region: state, postalCode: postal, country: countryText });
    const eff = parseDate(effective);
    const exp = parseDate(expiration);
    addExtra(e, 'effective_date', eff?.value ?? effective);
    addExtra(e, 'expiration_date', exp?.value ?? expiration);
    addExtra(e, 'standard_order', standardOrder);
    addExtra(e, 'last_update', lastUpdate);
    addExtra(e, 'action', action);
    addExtra(e, 'fr_citation', citation);
    e.programmes.push('DPL');
    // A Last_Update in the future (one row reads 3033-09-30) is a typo, not the list's date.
    if (/^\d{4}-\d{2}-\d{2}$/.test(lastUpdate) && lastUpdate <= today && lastUpdate > latest) latest = lastUpdate;
    entities.push(e);
  }
  return makeLoad(list, latest || hashVersion([src]), [src.where], entities, rejects);
}

/** dpl.txt → us_bis_dpl. */
export async function loadBisDpl(file: ListInput): Promise<ListLoad> {
  return parseBisDpl(await readInput(file));
}
