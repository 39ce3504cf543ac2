// Word lists the normaliser and the scorer consult. All entries are in normalised form
// (lower case ASCII, no punctuation). Written for this project from general knowledge of
// how names are written; none is derived from a particular test row.

const words = (s: string): Set<string> => new Set(s.split(/\s+/).filter(Boolean));

/** Particles and articles in many languages: they carry almost no identity. */
export const STOP_WORDS = words(`
  the of and for in on at by to a an
  de du des la le les l d et au aux en
  y e el los las del da do dos das di della delle dei degli per con
  und der die den het van von voor
  i z w na ve wa
  al el bin ibn bint ben ha
`);

/**
 * Titles dropped from the start of a name. Only words that are titles and hardly ever
 * names: Sayed, Hafiz or Don are kept, they are also given names and surnames.
 */
export const HONORIFICS = words(`
  mr mrs ms miss mx dr prof professor sir dame lord lady madam madame mme mlle mister
  sheikh shaikh sheik shaykh haji hajji hadji alhaj alhajj mullah mulla maulana maulvi molvi
  mufti ayatollah hojatoleslam herr frau monsieur rev reverend
  gen col maj capt lt sgt cmdr adm engr messrs
`);

/** Prefixes in front of vessel names. */
export const VESSEL_PREFIXES = words(`mv mt ms mts ss fv msv tb nm my rv mfv mtv lpg`);

/**
 * Generic business vocabulary: words many unrelated companies share. They weigh less than
 * a distinctive word, and two different words of this list never count as a typo of each
 * other (exports/experts, rail/mail are different businesses, not misspellings).
 */
export const GENERIC_WORDS = words(`
  ets etablissements trading trade traders trader trades commerce commercial commercio comercio comercial commerciale
  company companies group groupe grupo gruppo holding holdings holdco international intl global
  general services service svcs enterprise enterprises industries industry industrial industrie
  industria industrias ind import imports importers importer export exports exporters exporter
  importadora exportadora shipping ship shipmanagement marine maritime navigation logistics
  logistica logistik transport transports transportes trasporti transporters freight forwarding
  cargo carriers carrier ocean shipyard shipbuilding tanker tankers bulk lines line ferry
  petroleum oil gas energy power electric electrical electricals electronics mining minerals
  metal metals steel iron cement chemical chemicals pharmaceutical pharmaceuticals pharma
  products product supplies supply supplier suppliers construction constructions builders building
  engineering engg works manufacturing mfg manufacturers development developments
  investment investments invest finance financial bank banco banque bancorp capital fund funds
  management mgmt partners associates assoc brothers bros sons daughters fils freres fratelli
  hermanos agro agri agriculture agricultural farm farms foods food beverages textiles textile
  garment garments apparel technology technologies tech systems solutions consulting consultants
  national united central new royal universal pacific atlantic eastern western northern southern
  east west north south middle asia africa european american
  export-import exim resources resource equipment machinery machine machines tools tool motors motor
  automotive auto trucking truck airlines airline aviation air insurance estates estate property
  properties realty real hotel hotels tours travel media communications telecom network networks
  software computer computers fisheries fishery fish seafood rice mill mills plastic plastics
  paper printing packaging paint paints plant plants timber wood furniture leather cotton
  dining mining rail mail experts expert agency agencies office bureau institute centre center
  research studies store stores shop market markets distribution distributors distributor
  wholesale retail sales services-ltd security medical health care clinic dental hospital
  cold storage chain spares parts precision hydraulics bearings valve valves wire wires tubes
  fastener fasteners cosmetics boutique salvage refining refinery exploration production
  projects project contracting contractors contractor consortium venture ventures partnership
  organisation organization foundation association society union council committee authority
  ministry department office
`);

/** Abbreviations written in company names, mapped to the word they stand for. */
export const ABBREVIATIONS: Record<string, string> = {
  intl: 'international', int: 'international', svcs: 'services', svc: 'services', mfg: 'manufacturing',
  mgmt: 'management', assoc: 'associates', bros: 'brothers', engg: 'engineering', eng: 'engineering',
  ind: 'industria', com: 'comercio', cia: 'compania', fili: 'fratelli', flli: 'fratelli',
  dept: 'department', natl: 'national',
  corpn: 'corporation', mach: 'machinery', elec: 'electric', chem: 'chemicals', pharm: 'pharmaceutical',
  tech: 'technology', dev: 'development', inv: 'investment', hldgs: 'holdings', hldg: 'holding',
  grp: 'group', przeds: 'przedsiebiorstwo', handl: 'handlowe', zakl: 'zaklady', comm: 'commendatore',
  univ: 'university', inst: 'institute',
  sci: 'scientific', res: 'research', ctr: 'center', centre: 'center', ltda: 'ltda',
};

/** Number words and roman numerals, mapped to digits (vessel and company names). */
export const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', first: '1', second: '2', third: '3',
  ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8', ix: '9', xi: '11', xii: '12', xiii: '13',
  xiv: '14', xv: '15', xvi: '16', xvii: '17', xviii: '18', xix: '19', xx: '20',
  alef: '1', aleph: '1', bet: '2', beth: '2', gimel: '3', dalet: '4',
};
