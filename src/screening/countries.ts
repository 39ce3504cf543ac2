// The one country table of the screening engine, used by the list parsers (country names,
// list spellings, nationality adjectives and ISO3 codes → ISO 3166-1 alpha-2) and by the
// matcher (which words of a company name are countries: "Olvetra Polska", "Marrowby
// (Thailand)"; what a user types as a nationality or country).
// Each line: alpha-2, alpha-3, names separated by ';', then '|' and adjectives separated by ';'.
// Spellings cover what OFAC, the UN, the CSL, the EU and the UK publish ("Korea, North",
// "Iran (Islamic Republic of)", "Congo, Democratic Republic of the", "Burma" …).

const TABLE = `
AF AFG Afghanistan;Islamic Republic of Afghanistan;Islamic Emirate of Afghanistan|Afghan;Afghani
AX ALA Aland Islands;Åland Islands|Alandish
AL ALB Albania;Republic of Albania|Albanian
DZ DZA Algeria;People's Democratic Republic of Algeria|Algerian
AS ASM American Samoa|American Samoan
AD AND Andorra|Andorran
AO AGO Angola|Angolan
AI AIA Anguilla|Anguillan
AQ ATA Antarctica|Antarctic
AG ATG Antigua and Barbuda;Antigua|Antiguan;Barbudan
AR ARG Argentina;Argentine Republic|Argentine;Argentinian;Argentinean
AM ARM Armenia|Armenian
AW ABW Aruba|Aruban
AU AUS Australia|Australian
AT AUT Austria|Austrian
AZ AZE Azerbaijan|Azerbaijani;Azeri
BS BHS Bahamas;The Bahamas;Bahamas, The|Bahamian
BH BHR Bahrain;Kingdom of Bahrain|Bahraini
BD BGD Bangladesh|Bangladeshi
BB BRB Barbados|Barbadian;Bajan
BY BLR Belarus;Republic of Belarus;Byelorussia|Belarusian;Belarussian;Byelorussian
BE BEL Belgium|Belgian
BZ BLZ Belize|Belizean
BJ BEN Benin|Beninese;Beninois
BM BMU Bermuda|Bermudian;Bermudan
BT BTN Bhutan|Bhutanese
BO BOL Bolivia;Bolivia (Plurinational State of);Plurinational State of Bolivia|Bolivian
BQ BES Bonaire, Sint Eustatius and Saba;Caribbean Netherlands;Bonaire
BA BIH Bosnia and Herzegovina;Bosnia-Herzegovina;Bosnia & Herzegovina;Bosnia|Bosnian;Herzegovinian
BW BWA Botswana|Motswana;Botswanan
BV BVT Bouvet Island
BR BRA Brazil|Brazilian
IO IOT British Indian Ocean Territory
VG VGB British Virgin Islands;Virgin Islands, British;Virgin Islands (British)|British Virgin Islander
BN BRN Brunei;Brunei Darussalam|Bruneian
BG BGR Bulgaria|Bulgarian
BF BFA Burkina Faso|Burkinabe;Burkinabé
MM MMR Burma;Myanmar;Myanmar (Burma);Republic of the Union of Myanmar|Burmese;Myanmar
BI BDI Burundi|Burundian
CV CPV Cabo Verde;Cape Verde|Cabo Verdean;Cape Verdean
KH KHM Cambodia|Cambodian
CM CMR Cameroon|Cameroonian
CA CAN Canada|Canadian
KY CYM Cayman Islands|Caymanian
CF CAF Central African Republic|Central African
TD TCD Chad|Chadian
CL CHL Chile|Chilean
CN CHN China;People's Republic of China;China, People's Republic of;PRC|Chinese
CX CXR Christmas Island
CC CCK Cocos (Keeling) Islands;Cocos Islands
CO COL Colombia|Colombian
KM COM Comoros|Comoran;Comorian
CG COG Congo;Republic of the Congo;Congo, Republic of the;Congo-Brazzaville;Congo (Brazzaville)|Congolese
CD COD Democratic Republic of the Congo;Congo, Democratic Republic of the;Congo, Democratic Republic of;Democratic Republic of Congo;DR Congo;DRC;Congo-Kinshasa;Congo (Kinshasa);Zaire
CK COK Cook Islands|Cook Islander
CR CRI Costa Rica|Costa Rican
CI CIV Cote d'Ivoire;Côte d'Ivoire;Ivory Coast|Ivorian
HR HRV Croatia|Croatian
CU CUB Cuba|Cuban
CW CUW Curacao;Curaçao|Curacaoan
CY CYP Cyprus|Cypriot
CZ CZE Czech Republic;Czechia|Czech
DK DNK Denmark|Danish
DJ DJI Djibouti|Djiboutian
DM DMA Dominica|Dominican (Dominica)
DO DOM Dominican Republic|Dominican
EC ECU Ecuador|Ecuadorian;Ecuadorean
EG EGY Egypt;Arab Republic of Egypt|Egyptian
SV SLV El Salvador|Salvadoran;Salvadorean
GQ GNQ Equatorial Guinea|Equatorial Guinean;Equatoguinean
ER ERI Eritrea|Eritrean
EE EST Estonia|Estonian
SZ SWZ Eswatini;Swaziland;Kingdom of Eswatini|Swazi;Eswatini
ET ETH Ethiopia|Ethiopian
FK FLK Falkland Islands;Falkland Islands (Malvinas)|Falkland Islander
FO FRO Faroe Islands;Faeroe Islands|Faroese
FJ FJI Fiji|Fijian
FI FIN Finland|Finnish
FR FRA France;French Republic|French
GF GUF French Guiana|French Guianese
PF PYF French Polynesia|French Polynesian
TF ATF French Southern Territories
GA GAB Gabon|Gabonese
GM GMB Gambia;The Gambia;Gambia, The|Gambian
GE GEO Georgia|Georgian
DE DEU Germany;Federal Republic of Germany|German
GH GHA Ghana|Ghanaian
GI GIB Gibraltar|Gibraltarian
GR GRC Greece;Hellenic Republic|Greek
GL GRL Greenland|Greenlandic
GD GRD Grenada|Grenadian
GP GLP Guadeloupe|Guadeloupean
GU GUM Guam|Guamanian
GT GTM Guatemala|Guatemalan
GG GGY Guernsey
GN GIN Guinea;Republic of Guinea|Guinean
GW GNB Guinea-Bissau;Guinea Bissau|Bissau-Guinean
GY GUY Guyana|Guyanese
HT HTI Haiti|Haitian
HM HMD Heard Island and McDonald Islands
VA VAT Holy See;Vatican;Vatican City|Vatican
HN HND Honduras|Honduran
HK HKG Hong Kong;Hong Kong SAR;Hong Kong, China;China, Hong Kong Special Administrative Region;Hong Kong Special Administrative Region|Hong Konger;Hongkongese
HU HUN Hungary|Hungarian
IS ISL Iceland|Icelandic
IN IND India|Indian
ID IDN Indonesia|Indonesian
IR IRN Iran;Iran (Islamic Republic of);Islamic Republic of Iran;Iran, Islamic Republic of|Iranian
IQ IRQ Iraq;Republic of Iraq|Iraqi
IE IRL Ireland|Irish
IM IMN Isle of Man|Manx
IL ISR Israel|Israeli
IT ITA Italy|Italian
JM JAM Jamaica|Jamaican
JP JPN Japan|Japanese
JE JEY Jersey
JO JOR Jordan;Hashemite Kingdom of Jordan|Jordanian
KZ KAZ Kazakhstan|Kazakhstani;Kazakh
KE KEN Kenya|Kenyan
KI KIR Kiribati|I-Kiribati
KP PRK Korea, North;North Korea;Democratic People's Republic of Korea;Korea, Democratic People's Republic of;DPRK;Korea (North)|North Korean
KR KOR Korea, South;South Korea;Republic of Korea;Korea, Republic of;Korea (South);Korea|South Korean;Korean
XK XKX Kosovo|Kosovar;Kosovan
KW KWT Kuwait|Kuwaiti
KG KGZ Kyrgyzstan;Kyrgyz Republic|Kyrgyzstani;Kyrgyz
LA LAO Laos;Lao People's Democratic Republic;Lao PDR|Lao;Laotian
LV LVA Latvia|Latvian
LB LBN Lebanon;Lebanese Republic|Lebanese
LS LSO Lesotho|Basotho;Mosotho
LR LBR Liberia|Liberian
LY LBY Libya;Libyan Arab Jamahiriya;State of Libya|Libyan
LI LIE Liechtenstein|Liechtensteiner
LT LTU Lithuania|Lithuanian
LU LUX Luxembourg|Luxembourgish;Luxembourger
MO MAC Macau;Macao;Macao SAR;Macau, China;China, Macao Special Administrative Region|Macanese
MG MDG Madagascar|Malagasy
MW MWI Malawi|Malawian
MY MYS Malaysia|Malaysian
MV MDV Maldives|Maldivian
ML MLI Mali;Northern Mali|Malian
MT MLT Malta|Maltese
MH MHL Marshall Islands|Marshallese
MQ MTQ Martinique|Martiniquais
MR MRT Mauritania|Mauritanian
MU MUS Mauritius|Mauritian
YT MYT Mayotte|Mahoran
MX MEX Mexico|Mexican
FM FSM Micronesia;Micronesia, Federated States of;Federated States of Micronesia;Micronesia (Federated States of)|Micronesian
MD MDA Moldova;Republic of Moldova;Moldova, Republic of|Moldovan
MC MCO Monaco|Monegasque;Monacan
MN MNG Mongolia|Mongolian
ME MNE Montenegro|Montenegrin
MS MSR Montserrat|Montserratian
MA MAR Morocco|Moroccan
MZ MOZ Mozambique|Mozambican
NA NAM Namibia|Namibian
NR NRU Nauru|Nauruan
NP NPL Nepal|Nepali;Nepalese
NL NLD Netherlands;The Netherlands;Holland;Kingdom of the Netherlands|Dutch;Netherlander
NC NCL New Caledonia|New Caledonian
NZ NZL New Zealand|New Zealander;New Zealand
NI NIC Nicaragua|Nicaraguan
NE NER Niger|Nigerien
NG NGA Nigeria|Nigerian
NU NIU Niue|Niuean
NF NFK Norfolk Island
MK MKD North Macedonia;Macedonia;Macedonia, The Former Yugoslav Republic of;The former Yugoslav Republic of Macedonia;Republic of North Macedonia|Macedonian;North Macedonian
MP MNP Northern Mariana Islands|Northern Marianan
NO NOR Norway|Norwegian
OM OMN Oman;Sultanate of Oman|Omani
PK PAK Pakistan;Islamic Republic of Pakistan|Pakistani
PW PLW Palau|Palauan
PS PSE Palestine;State of Palestine;Palestinian Territories;Palestinian Territory;Occupied Palestinian Territory;West Bank;Gaza;Gaza Strip;West Bank and Gaza|Palestinian
PA PAN Panama|Panamanian
PG PNG Papua New Guinea|Papua New Guinean;Papuan
PY PRY Paraguay|Paraguayan
PE PER Peru|Peruvian
PH PHL Philippines;The Philippines|Filipino;Philippine
PN PCN Pitcairn;Pitcairn Islands
PL POL Poland|Polish
PT PRT Portugal|Portuguese
PR PRI Puerto Rico|Puerto Rican
QA QAT Qatar;State of Qatar|Qatari
RE REU Reunion;Réunion|Reunionese
RO ROU Romania|Romanian
RU RUS Russia;Russian Federation|Russian
RW RWA Rwanda|Rwandan
BL BLM Saint Barthelemy;Saint Barthélemy
SH SHN Saint Helena;Saint Helena, Ascension and Tristan da Cunha|Saint Helenian
KN KNA Saint Kitts and Nevis;St. Kitts and Nevis;Saint Christopher and Nevis|Kittitian;Nevisian
LC LCA Saint Lucia;St. Lucia|Saint Lucian
MF MAF Saint Martin;Saint Martin (French part)
PM SPM Saint Pierre and Miquelon
VC VCT Saint Vincent and the Grenadines;St. Vincent and the Grenadines;Saint Vincent|Vincentian
WS WSM Samoa|Samoan
SM SMR San Marino|Sammarinese
ST STP Sao Tome and Principe;São Tomé and Príncipe|Sao Tomean
SA SAU Saudi Arabia;Kingdom of Saudi Arabia|Saudi;Saudi Arabian
SN SEN Senegal|Senegalese
RS SRB Serbia;Republic of Serbia|Serbian;Serb
SC SYC Seychelles|Seychellois
SL SLE Sierra Leone|Sierra Leonean
SG SGP Singapore|Singaporean
SX SXM Sint Maarten;Sint Maarten (Dutch part)
SK SVK Slovakia;Slovak Republic|Slovak;Slovakian
SI SVN Slovenia|Slovenian;Slovene
SB SLB Solomon Islands|Solomon Islander
SO SOM Somalia;Federal Republic of Somalia|Somali
ZA ZAF South Africa;Republic of South Africa|South African
GS SGS South Georgia and the South Sandwich Islands
SS SSD South Sudan;Republic of South Sudan|South Sudanese
ES ESP Spain;Kingdom of Spain|Spanish
LK LKA Sri Lanka|Sri Lankan
SD SDN Sudan;Republic of the Sudan;The Sudan|Sudanese
SR SUR Suriname;Surinam|Surinamese
SJ SJM Svalbard and Jan Mayen
SE SWE Sweden|Swedish
CH CHE Switzerland;Swiss Confederation|Swiss
SY SYR Syria;Syrian Arab Republic|Syrian
TW TWN Taiwan;Taiwan, Province of China;Chinese Taipei;Republic of China|Taiwanese
TJ TJK Tajikistan|Tajikistani;Tajik
TZ TZA Tanzania;United Republic of Tanzania;Tanzania, United Republic of|Tanzanian
TH THA Thailand|Thai
TL TLS Timor-Leste;East Timor|Timorese
TG TGO Togo|Togolese
TK TKL Tokelau|Tokelauan
TO TON Tonga|Tongan
TT TTO Trinidad and Tobago;Trinidad|Trinidadian;Tobagonian
TN TUN Tunisia|Tunisian
TR TUR Turkey;Türkiye;Turkiye;Republic of Turkey|Turkish
TM TKM Turkmenistan|Turkmen
TC TCA Turks and Caicos Islands|Turks and Caicos Islander
TV TUV Tuvalu|Tuvaluan
UG UGA Uganda|Ugandan
UA UKR Ukraine;Crimea;Crimea, Ukraine|Ukrainian
AE ARE United Arab Emirates;UAE;U.A.E.|Emirati;Emirian
GB GBR United Kingdom;United Kingdom of Great Britain and Northern Ireland;Great Britain;UK;U.K.;England;Scotland;Wales;Northern Ireland|British;English;Scottish;Welsh;Northern Irish
US USA United States;United States of America;USA;U.S.A.;U.S.;US;America|American;United States
UM UMI United States Minor Outlying Islands
VI VIR United States Virgin Islands;Virgin Islands, U.S.;Virgin Islands (U.S.);US Virgin Islands
UY URY Uruguay|Uruguayan
UZ UZB Uzbekistan|Uzbekistani;Uzbek
VU VUT Vanuatu|Ni-Vanuatu;Vanuatuan
VE VEN Venezuela;Venezuela (Bolivarian Republic of);Bolivarian Republic of Venezuela|Venezuelan
VN VNM Vietnam;Viet Nam|Vietnamese
WF WLF Wallis and Futuna|Wallisian;Futunan
EH ESH Western Sahara|Sahrawi;Sahrawian
YE YEM Yemen;Republic of Yemen|Yemeni
ZM ZMB Zambia|Zambian
ZW ZWE Zimbabwe|Zimbabwean
`;

// Names in the countries' own languages and spellings without punctuation, as they appear
// inside company names and in what users type ("Polska", "Deutschland", "Cote dIvoire").
const NATIVE = `
AL shqiperia
AT osterreich
BY belorussia
BE belgique;belgie
BR brasil;brasileira;brasileiro
CM cameroun;camerounaise
CN peoples republic of china
CD congo kinshasa
CI cote divoire;ivoirienne;ivoirien
HR hrvatska
DK danmark
EE eesti
FI suomi
GE sakartvelo
DE deutschland;deutsche
GH ghaneenne
GR hellas;hellenic
GN guineenne
HU magyar
IN bharat
IR persia
IT italia
JP nippon
KP democratic peoples republic of korea;korea north
KR korea south
LA lao peoples democratic republic
LV latvija
LT lietuva
ML malienne
MX mexicana;mexicano
MA maroc
NL nederland
NO norge
PL polska
RU rossiya
SN senegalaise
RS srbija
SI slovenija
ES espana
SE sverige
CH schweiz;suisse
TL timor leste
UA ukraina
AE emirates
GB britain
`;

export interface CountryInfo {
  code: string;
  alpha3: string;
  name: string;
}

const byKey = new Map<string, string>();
const byCode = new Map<string, CountryInfo>();

/** Lower case, accents and punctuation out, '&' as 'and', a leading 'the' dropped. */
function key(text: string): string {
  let s = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  s = s.replace(/&/g, ' and ').replace(/[^a-z0-9,() -]+/g, ' ');
  s = s.replace(/\s+/g, ' ').trim();
  if (s.startsWith('the ')) s = s.slice(4);
  return s;
}

for (const raw of TABLE.split('\n')) {
  const line = raw.trim();
  if (!line) continue;
  const code = line.slice(0, 2);
  const alpha3 = line.slice(3, 6);
  const [namesPart, adjPart = ''] = line.slice(7).split('|');
  const names = namesPart!.split(';').map((n) => n.trim()).filter(Boolean);
  byCode.set(code, { code, alpha3, name: names[0]! });
  byKey.set(alpha3.toLowerCase(), code);
  for (const n of [...names, ...adjPart.split(';')]) {
    const k = key(n);
    // The first writer wins, so a country's own name is never taken by another's adjective.
    if (k && !byKey.has(k)) byKey.set(k, code);
  }
}

for (const raw of NATIVE.split('\n')) {
  const line = raw.trim();
  if (!line) continue;
  for (const n of line.slice(3).split(';')) {
    const k = key(n);
    if (k && !byKey.has(k)) byKey.set(k, line.slice(0, 2));
  }
}

/**
 * Resolves a country name, list spelling, nationality adjective, ISO alpha-3 or alpha-2
 * code to ISO 3166-1 alpha-2. Returns undefined when the text is not recognised.
 */
const memo = new Map<string, string>();

export function toCountryCode(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  // Lists repeat the same few hundred spellings many thousand times.
  const hit = memo.get(text);
  if (hit !== undefined) return hit || undefined;
  const code = resolve(text);
  if (memo.size < 50_000) memo.set(text, code ?? '');
  return code;
}

function resolve(text: string): string | undefined {
  let t = text.trim().replace(/\.$/, '');
  // OFAC writes sub-national areas as "Region: Crimea".
  if (/^region:/i.test(t)) t = t.slice(7).trim();
  if (!t) return undefined;
  if (t.length === 2 && /^[A-Za-z]{2}$/.test(t)) {
    const up = t.toUpperCase();
    if (byCode.has(up)) return up;
    if (up === 'UK') return 'GB';
    return undefined;
  }
  const k = key(t);
  const hit = byKey.get(k);
  if (hit) return hit;
  // "Bahamas, The" / "Korea, Republic of" style: try the two halves swapped.
  const comma = k.indexOf(', ');
  if (comma > 0 && k.indexOf(', ', comma + 2) === -1) {
    const swapped = byKey.get(key(`${k.slice(comma + 2)} ${k.slice(0, comma)}`));
    if (swapped) return swapped;
  }
  // "Iran (Islamic Republic of)" → "Islamic Republic of Iran"; failing that the bare name,
  // except for North Korea, whose bare name would read as the South.
  const paren = k.indexOf(' (');
  const close = k.indexOf(')', paren);
  if (paren > 0 && close > paren) {
    const outer = k.slice(0, paren).trim();
    const inner = k.slice(paren + 2, close).trim();
    const swapped = byKey.get(key(`${inner} ${outer}`));
    if (swapped) return swapped;
    if (!inner.includes('democratic people')) {
      const bare = byKey.get(outer);
      if (bare) return bare;
    }
  }
  return undefined;
}

/** The country's short English name for an alpha-2 code. */
export function countryName(code: string): string | undefined {
  return byCode.get(code.toUpperCase())?.name;
}

/** All alpha-2 codes in the table. */
export function countryCodes(): string[] {
  return [...byCode.keys()];
}

/** Spelling as a word of a name: accents out, lower case, only letters. */
const wordKey = (t: string): string => t.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]+/g, ' ').trim();

/** Single words naming a country or its people ("polska", "thailand", "mexican"). */
export const COUNTRY_WORDS: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  const add = (n: string) => { const w = wordKey(n); if (w && !w.includes(' ')) out.add(w); };
  for (const raw of TABLE.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    for (const n of line.slice(7).split(/[;|]/)) add(n);
  }
  for (const raw of NATIVE.split('\n')) if (raw.trim()) for (const n of raw.trim().slice(3).split(';')) add(n);
  return out;
})();

/** ISO alpha-2 for a code or a name as a user writes it; null when unknown. */
export function countryCode(text: string): string | null {
  return toCountryCode(text) ?? null;
}
