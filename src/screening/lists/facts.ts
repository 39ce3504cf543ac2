// Labelled facts as OFAC writes them in Remarks ("Passport A123 (Iran)") and the CSL in its
// ids column ("IR, A123, Passport"): which label means which identifier type, and which
// are contact details, dates or display-only information.

import type { Entity } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { parseDate } from './dates.ts';
import { addDate, addExtra, addIdentifier, addUnique } from './entity.ts';

type Fact =
  | { kind: 'id'; type: string; note?: string }
  | { kind: 'gender' }
  | { kind: 'extra'; key: string; country?: boolean }
  | { kind: 'founded' };

const ID_LABELS: Record<string, string[]> = {
  passport: ['Passport', 'Passport No.', 'Diplomatic Passport', 'Official Passport', 'Service Passport'],
  national_id: [
    'National ID No.', 'National ID', 'Identification Number', 'Personal ID Card', 'National Foreign ID Number',
    'Cedula No.', 'D.N.I.', 'DNI', 'C.U.R.P.', 'CURP', 'Credencial electoral', 'Electoral Registry No.', 'C.U.I.',
    'C.I.', 'NIE', 'Kenyan ID No.', 'Turkish Identification Number', 'Numero de Identidad', 'Refugee ID Card',
    'Stateless Person ID Card', 'Moroccan Personal ID No.', 'Bosnian Personal ID No.', 'Identity Card',
    'Identity Number', 'Personal Identification Number', 'Citizen\'s Card Number', 'I.F.E.', 'Pasaporte',
  ],
  tax_id: [
    'Tax ID No.', 'Tax ID', 'Tax Identification Number', 'R.F.C.', 'RFC', 'NIT #', 'NIT', 'RUC #', 'RUC', 'RIF #', 'RIF',
    'C.U.I.T.', 'CUIT', 'V.A.T. Number', 'VAT Number', 'Italian Fiscal Code', 'Fiscal Code', 'C.I.F.', 'N.I.F.',
    'Unified Social Credit Code (USCC)', 'Tax Registration Number', 'INN', 'KPP',
  ],
  ssn: ['SSN', 'Social Security Number'],
  itin: ['ITIN'],
  drivers_license: ["Driver's License No.", "Driver's License", 'Drivers License'],
  ein: ['US FEIN', 'EIN', 'Employer Identification Number'],
  registration: [
    'Registration Number', 'Registration ID', 'Registration No.', 'Company Number', 'UK Company Number',
    'Commercial Registry Number', 'Business Registration Number', 'Business Registration Document #',
    'Matricula Mercantil No', 'Matricula Mercantil No.', 'Folio Mercantil No.', 'Trade License No.', 'C.R. No.',
    'Chamber of Commerce Number', 'Public Registration Number', 'Government Gazette Number', 'License',
    'Registered Charity No.', 'LE Number', 'Branch Unit Number', 'D-U-N-S Number', 'Legal Entity Number',
    'Business Number', 'Economic Register Number (CBLS)', 'Certificate of Incorporation Number', 'Enterprise Number',
    'Company ID', 'Istanbul Chamber of Commerce Number', 'Commercial Registry', 'Registration Certificate Number',
    'Afghan Money Service Provider License Number', 'Trade Register Number', 'Business Certificate Number', 'OGRN',
    'Legal Entity Identifier', 'Central Registration Number', 'Company Registration Number',
  ],
  imo: ['Vessel Registration Identification', 'IMO', 'IMO Number', 'Company Number IMO'],
  mmsi: ['MMSI'],
  swift_bic: ['SWIFT/BIC', 'SWIFT', 'BIC'],
};

// Identifiers of a kind the model has no type for: kept as 'other' with the label as note.
const OTHER_ID_LABELS = [
  'ISIN', 'Equity Ticker', 'BIK (RU)', "Aircraft Manufacturer's Serial Number (MSN)", 'Aircraft Tail Number',
  'Aircraft Construction Number (also called L/N or S/N or F/N)', 'Chinese Commercial Code',
  'Cartilla de Servicio Militar Nacional', 'Birth Certificate Number', 'Residency Number', 'Serial No.',
  'Vessel Call Sign', 'Call Sign', 'Aircraft Mode S Transponder Code', 'Military ID', 'Travel Document Number',
];

const EXTRA_LABELS: Record<string, string> = {
  Website: 'website',
  'Email Address': 'email',
  Email: 'email',
  'Phone Number': 'phone',
  Telephone: 'phone',
  Phone: 'phone',
  Fax: 'fax',
  'Organization Type': 'organization_type',
  'Target Type': 'target_type',
  'Aircraft Model': 'aircraft_model',
  'Aircraft Operator': 'aircraft_operator',
  'Aircraft Manufacture Date': 'aircraft_built',
  'Previous Aircraft Tail Number': 'aircraft_previous_tail_number',
  'Vessel Type': 'vessel_type',
  'Vessel Year of Build': 'vessel_built',
  'Vessel Flag': 'vessel_flag',
  'Other Vessel Flag': 'vessel_flag_other',
  'Former Vessel Flag': 'vessel_flag_former',
  'Other Vessel Call Sign': 'vessel_call_sign_other',
  'Nationality of Registration': 'registration_country',
  'Issuer Name': 'issuer_name',
  'Additional Sanctions Information': 'sanctions_info',
  'Secondary sanctions risk': 'secondary_sanctions_risk',
  'Transactions Prohibited For Persons Owned or Controlled By U.S. Financial Institutions': 'transactions_prohibited',
  'Executive Order 13662 Directive Determination': 'directive',
  'Executive Order 14024 Directive Information': 'directive',
  'Executive Order 13846 information': 'eo13846',
  'CAATSA Section 235 Information': 'caatsa',
  'IFCA Determination': 'ifca',
  'Effective Date (CMIC)': 'cmic_effective',
  'Listing Date (CMIC)': 'cmic_listing',
  'Purchase/Sales For Divestment Date (CMIC)': 'cmic_divestment',
  'Effective Date (EO 14024 Directive 1a)': 'directive_effective',
  'Effective Date (EO 14024 Directive 2)': 'directive_effective',
  'Effective Date (EO 14024 Directive 3)': 'directive_effective',
  'Listing Date (EO 14024 Directive 1a)': 'directive_listing',
  'Listing Date (EO 14024 Directive 2)': 'directive_listing',
  'Listing Date (EO 14024 Directive 3)': 'directive_listing',
};

/** Labels that say no more than the identifier type. */
const PLAIN_LABELS = new Set(['passport', 'ssn', 'mmsi', 'imo', 'swift/bic', 'itin', 'ein', 'vessel registration identification']);

/** Flag and registration country labels: also tie the entity to the country. */
const COUNTRY_EXTRAS = new Set(['vessel_flag', 'registration_country']);

function norm(label: string): string {
  let l = label.trim();
  while (l.endsWith(':') || l.endsWith('-')) l = l.slice(0, -1).trimEnd();
  return l.toLowerCase();
}

const FACTS = new Map<string, Fact>();
for (const [type, labels] of Object.entries(ID_LABELS)) for (const l of labels) FACTS.set(norm(l), { kind: 'id', type });
for (const l of OTHER_ID_LABELS) FACTS.set(norm(l), { kind: 'id', type: 'other', note: l });
for (const [l, key] of Object.entries(EXTRA_LABELS)) FACTS.set(norm(l), { kind: 'extra', key, country: COUNTRY_EXTRAS.has(key) });
FACTS.set('gender', { kind: 'gender' });
FACTS.set('organization established date', { kind: 'founded' });

/** Every label, longest first, grouped by first word (lower case) for a quick prefix search. */
const BY_FIRST_WORD = new Map<string, string[]>();
{
  const all = [
    ...Object.values(ID_LABELS).flat(),
    ...OTHER_ID_LABELS,
    ...Object.keys(EXTRA_LABELS),
    'Gender',
    'Organization Established Date',
  ];
  for (const l of all) {
    const w = l.split(' ')[0]!.toLowerCase();
    const list = BY_FIRST_WORD.get(w) ?? [];
    list.push(l);
    BY_FIRST_WORD.set(w, list);
  }
  for (const list of BY_FIRST_WORD.values()) list.sort((a, b) => b.length - a.length);
}

/**
 * Finds a known label at the start of an OFAC remark segment ("Passport A123 (Iran)").
 * Returns the label as written and the text after it.
 */
export function splitLabel(segment: string): { label: string; rest: string } | undefined {
  const sp = segment.indexOf(' ');
  const first = (sp === -1 ? segment : segment.slice(0, sp)).toLowerCase().replace(/:$/, '');
  const candidates = BY_FIRST_WORD.get(first);
  if (!candidates) return undefined;
  for (const label of candidates) {
    if (segment.length < label.length) continue;
    if (!segment.startsWith(label) && segment.slice(0, label.length).toLowerCase() !== label.toLowerCase()) continue;
    const next = segment.charAt(label.length);
    if (next === ' ' || next === ':' || next === '') {
      let rest = segment.slice(label.length);
      rest = rest.replace(/^:?\s*-?\s*/, '');
      return { label, rest };
    }
  }
  return undefined;
}

interface LabelInfo {
  fact?: Fact;
  /** Currency of a "Digital Currency Address - XBT" label. */
  crypto?: string;
  /** The label as published, for identifier notes; undefined when it says no more than the type. */
  published?: string;
}

// Labels repeat tens of thousands of times in a list: work each out once.
const labelMemo = new Map<string, LabelInfo>();

function labelInfo(label: string): LabelInfo {
  let info = labelMemo.get(label);
  if (!info) {
    const crypto = parseCryptoLabel(label);
    const n = norm(label);
    info = crypto ? { crypto } : { fact: FACTS.get(n), published: PLAIN_LABELS.has(n) ? undefined : label.replace(/[:\s-]+$/, '') };
    if (labelMemo.size < 10_000) labelMemo.set(label, info);
  }
  return info;
}

/** Whether the label names an identifier (its value may end in "(Country)"). */
export function isIdLabel(label: string): boolean {
  return labelInfo(label).fact?.kind === 'id';
}

/** Crypto: "Digital Currency Address - XBT 1abc" (OFAC) or label "Digital Currency Address - XBT" (CSL). */
export function parseCryptoLabel(label: string): string | undefined {
  if (!/^digital/i.test(label)) return undefined;
  const m = /^Digital Currency Address\s*-\s*([A-Za-z0-9]+)\s*$/i.exec(label.trim());
  return m ? m[1]!.toUpperCase() : undefined;
}

/** An LEI is 20 characters: 18 alphanumerics and 2 check digits. */
function isLei(v: string): boolean {
  return /^[A-Z0-9]{18}[0-9]{2}$/.test(v);
}

/**
 * Records one labelled fact on the entity. `country` is the issuing country as published
 * (name or code). Returns false when the label is not one this table knows.
 */
export function applyFact(e: Entity, label: string, value: string, country?: string, note?: string): boolean {
  const v = value.trim();
  if (!v) return false;
  const info = labelInfo(label);
  if (info.crypto) {
    addIdentifier(e, { type: 'crypto', value: v, currency: info.crypto, country: info.crypto });
    return true;
  }
  const fact = info.fact;
  if (!fact) return false;
  const cc = country ? (toCountryCode(country) ?? country.trim()) : undefined;
  switch (fact.kind) {
    case 'id': {
      let type = fact.type;
      let val = v;
      // "IMO 9187629" under any label is a ship's IMO number.
      if ((val.charCodeAt(0) | 32) === 105 && /^IMO\s*\d{7}$/i.test(val)) {
        type = 'imo';
        val = val.replace(/^IMO\s*/i, '');
      } else if (type === 'imo') {
        val = val.replace(/^IMO\s*/i, '');
      } else if (type === 'registration' && /legal entity/i.test(label) && isLei(val)) {
        type = 'lei';
      }
      const id: Parameters<typeof addIdentifier>[1] = { type, value: val };
      if (cc) id.country = cc;
      // Keep the published label when it says more than the type ("Cedula No.", "ISIN").
      const n = note?.trim();
      if (info.published && n) id.note = `${info.published}; ${n}`;
      else if (info.published || n) id.note = info.published || n;
      addIdentifier(e, id);
      return true;
    }
    case 'gender': {
      const g = v.toLowerCase().replace(/\.$/, '');
      if (g === 'male' || g === 'm') e.gender = 'male';
      else if (g === 'female' || g === 'f') e.gender = 'female';
      return true;
    }
    case 'founded': {
      const d = parseDate(v);
      if (d) addDate(e, d);
      else addExtra(e, 'established', v);
      return true;
    }
    case 'extra':
      addExtra(e, fact.key, v.replace(/\.$/, ''));
      if (fact.country) {
        const code = toCountryCode(v);
        if (code) addUnique(e.countries, code);
      }
      return true;
  }
}
