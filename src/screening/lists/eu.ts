// The EU financial sanctions consolidated list, CSV 1.1 (csvFullSanctionsList_1_1, ';'-separated)
// → list eu_fsf. Each row repeats the entity's columns and carries one name alias, birth
// date, identification, address or citizenship; rows are grouped by Entity_LogicalId, in
// any order. Columns are found by header name, so shorter exports of the layout also load.

import type { Entity, ListLoad, LoadReject } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { readCsv } from './csv.ts';
import { isoDate, parseDate } from './dates.ts';
import { addAddress, addCountry, addDate, addExtra, addIdentifier, addName, addUnique, ensurePrimary, makeLoad, newEntity, reject } from './entity.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

const REQUIRED = ['Entity_LogicalId', 'NameAlias_WholeName'];

function truthy(v: string): boolean {
  return /^(1|true|y|yes)$/i.test(v.trim());
}

/** Letters outside Latin scripts mean the name is published in its original script. */
function isNonLatin(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x24f && /\p{L}/u.test(s[i]!)) return true;
  return false;
}

function idType(code: string, description: string): string {
  const c = `${code} ${description}`.toLowerCase();
  if (c.includes('passport')) return 'passport';
  if (c.includes('regnumber') || c.includes('registration')) return 'registration';
  if (c.includes('fiscal') || c.includes('tax')) return 'tax_id';
  if (c.includes('swift') || c.includes('bic')) return 'swift_bic';
  if (c.includes('imo')) return 'imo';
  if (/\bid\b/.test(c) || c.includes('identi') || c.includes('identity')) return 'national_id';
  return 'other';
}

export function parseEu(src: SourceText): ListLoad {
  const list = 'eu_fsf';
  const rows = readCsv(src.text, { delimiter: ';' });
  const head = rows.next();
  const header = head.done ? [] : head.value.fields.map((h) => h.trim());
  if (REQUIRED.some((c) => !header.includes(c))) {
    throw new WrongFileError(
      `${src.name} is not the EU consolidated financial sanctions CSV: expected a ';'-separated header with ` +
        `${REQUIRED.join(' and ')}, it starts with ${preview(src.text)}`,
    );
  }
  const at = new Map(header.map((h, i) => [h, i]));
  const rejects: LoadReject[] = [];
  const byId = new Map<string, Entity>();
  const entities: Entity[] = [];
  // Sub-records already read, by their own logical id (rows repeat them).
  const seenSub = new Set<string>();
  let generated = '';

  for (const r of rows) {
    const f = r.fields;
    if (r.error) {
      reject(rejects, r.line, r.error, f);
      continue;
    }
    if (f.length !== header.length) {
      reject(rejects, r.line, `expected ${header.length} columns, got ${f.length}`, f.join(';'));
      continue;
    }
    const get = (c: string) => {
      const i = at.get(c);
      return i === undefined ? '' : f[i]!.trim();
    };
    const lid = get('Entity_LogicalId');
    if (!lid) {
      reject(rejects, r.line, 'no Entity_LogicalId', f.join(';'));
      continue;
    }
    if (!generated) generated = get('fileGenerationDate');
    let e = byId.get(lid);
    if (!e) {
      const t = (get('Entity_SubjectType_ClassificationCode') || get('Entity_SubjectType')).toLowerCase();
      const schema = t === 'person' || t === 'p' ? 'person' : t === 'enterprise' || t === 'e' ? 'organisation' : 'unknown';
      e = newEntity(list, lid, schema);
      byId.set(lid, e);
      entities.push(e);
      addUnique(e.programmes, get('Entity_Regulation_Programme'));
      addExtra(e, 'eu_reference', get('Entity_EU_ReferenceNumber'));
      addExtra(e, 'un_id', get('Entity_UnitedNationId'));
      addExtra(e, 'designation_date', get('Entity_DesignationDate'));
      addExtra(e, 'designation_details', get('Entity_DesignationDetails'));
      addExtra(e, 'regulation', get('Entity_Regulation_NumberTitle'));
      addExtra(e, 'regulation_url', get('Entity_Regulation_PublicationUrl'));
      const remark = get('Entity_Remark');
      if (remark) e.remarks = remark;
    }
    const once = (kind: string, id: string, content: string) => {
      const key = `${lid}|${kind}|${id || content}`;
      if (seenSub.has(key)) return false;
      seenSub.add(key);
      return true;
    };

    const whole = get('NameAlias_WholeName');
    if (whole && once('name', get('NameAlias_LogicalId'), whole)) {
      const last = get('NameAlias_LastName');
      const given = [get('NameAlias_FirstName'), get('NameAlias_MiddleName')].filter(Boolean).join(' ');
      const original = isNonLatin(whole);
      addName(e, {
        full: whole,
        // The list marks no primary: its first Latin-script name is taken as such (see ensurePrimary below).
        kind: 'strong',
        ...(e.schema === 'person' && last ? { family: last } : {}),
        ...(e.schema === 'person' && given ? { given } : {}),
        ...(original ? { original: true } : {}),
      });
      const g = get('NameAlias_Gender').toUpperCase();
      if (g === 'M') e.gender = 'male';
      else if (g === 'F') e.gender = 'female';
      addExtra(e, 'title', get('NameAlias_Title'));
      addExtra(e, 'function', get('NameAlias_Function'));
    }

    const bd = get('BirthDate_BirthDate');
    const day = get('BirthDate_Day');
    const month = get('BirthDate_Month');
    const year = get('BirthDate_Year');
    const from = get('BirthDate_YearRangeFrom');
    const to = get('BirthDate_YearRangeTo');
    if ((bd || year || from || to) && once('birth', get('BirthDate_LogicalId'), [bd, day, month, year, from, to].join('/'))) {
      const circa = truthy(get('BirthDate_Circa'));
      let value = bd ? parseDate(bd)?.value : undefined;
      if (!value && year) value = isoDate(Number(year), Number(month) || undefined, Number(day) || undefined);
      if (from && to) addDate(e, { from: Number(from), to: Number(to) });
      else if (value && circa) addDate(e, parseDate(`circa ${value}`));
      else if (value) addDate(e, { value });
      else addExtra(e, 'dob_unparsed', bd || year);
      const place = [get('BirthDate_City'), get('BirthDate_Place'), get('BirthDate_Region'), get('BirthDate_CountryDescription')]
        .filter(Boolean)
        .join(', ');
      addUnique(e.birthPlaces, place);
      const cc = toCountryCode(get('BirthDate_CountryIso2Code')) ?? toCountryCode(get('BirthDate_CountryDescription'));
      if (cc) addUnique(e.countries, cc);
    }

    const number = get('Identification_Number');
    if (number && once('id', get('Identification_LogicalId'), number)) {
      const code = get('Identification_TypeCode');
      const desc = get('Identification_TypeDescription');
      const cc = toCountryCode(get('Identification_CountryIso2Code')) ?? toCountryCode(get('Identification_CountryDescription'));
      const flags = [
        truthy(get('Identification_Diplomatic')) && 'diplomatic',
        truthy(get('Identification_KnownExpired')) && 'known expired',
        truthy(get('Identification_KnownFalse')) && 'known false',
        truthy(get('Identification_ReportedLost')) && 'reported lost',
        truthy(get('Identification_RevokedByIssuer')) && 'revoked',
        get('Identification_IssuedDate') && `issued ${get('Identification_IssuedDate')}`,
        get('Identification_Remark'),
      ].filter(Boolean);
      addIdentifier(e, {
        type: idType(code, desc),
        value: number,
        ...(cc ? { country: cc } : {}),
        note: [desc || code, ...flags].filter(Boolean).join('; '),
      });
    }

    const street = get('Address_Street');
    const city = get('Address_City');
    const acc = get('Address_CountryIso2Code');
    const adesc = get('Address_CountryDescription');
    if ((street || city || acc || adesc) && once('address', get('Address_LogicalId'), [street, city, acc].join('/'))) {
      const country = toCountryCode(acc) ?? adesc;
      addAddress(e, {
        street: [street, get('Address_PoBox') && `PO Box ${get('Address_PoBox')}`].filter(Boolean).join(', '),
        city,
        region: get('Address_Region') || get('Address_Place'),
        postalCode: get('Address_ZipCode'),
        country,
      });
      addExtra(e, 'contact', get('Address_ContactInfo'));
    }

    const ccc = get('Citizenship_CountryIso2Code');
    const cdesc = get('Citizenship_CountryDescription');
    if ((ccc || cdesc) && once('citizenship', get('Citizenship_LogicalId'), ccc || cdesc)) {
      addCountry(e.nationalities, toCountryCode(ccc) ?? cdesc);
    }
  }

  for (const e of entities) {
    // Primary: the first name in a Latin script, else the first name.
    const p = e.names.find((n) => !n.original) ?? e.names[0];
    if (p) p.kind = 'primary';
    ensurePrimary(e);
  }
  // An entity whose rows all lacked names cannot be screened; it is reported, not kept.
  const kept = entities.filter((e) => e.names.length > 0);
  for (const e of entities) if (e.names.length === 0) reject(rejects, 0, `entity ${e.sourceId} has no name`);
  const version = parseDate(generated, { order: 'dmy' })?.value;
  return makeLoad(list, version && version.length === 10 ? version : hashVersion([src]), [src.where], kept, rejects);
}

/** csvFullSanctionsList_1_1 → eu_fsf. */
export async function loadEu(file: ListInput): Promise<ListLoad> {
  return parseEu(await readInput(file));
}
