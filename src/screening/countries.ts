// Country names and codes: resolves what a user types ("Iran", "IR", "Islamic Republic of
// Iran", "Russian Federation") to ISO 3166-1 alpha-2, and tells the scorer which words of
// a company name are countries ("Olvetra Polska", "Marrowby (Thailand)").

const TABLE = `
AF afghanistan|afghan
AL albania|albanian|shqiperia
DZ algeria|algerian
AD andorra
AO angola|angolan
AG antigua and barbuda
AR argentina|argentine|argentinian
AM armenia|armenian
AU australia|australian
AT austria|austrian|osterreich
AZ azerbaijan|azerbaijani
BS bahamas
BH bahrain|bahraini
BD bangladesh|bangladeshi
BB barbados
BY belarus|belarusian|belorussia
BE belgium|belgian|belgique|belgie
BZ belize
BJ benin
BT bhutan
BO bolivia|bolivian
BA bosnia and herzegovina|bosnia|bosnian
BW botswana
BR brazil|brazilian|brasil|brasileira|brasileiro
BN brunei|brunei darussalam
BG bulgaria|bulgarian
BF burkina faso
BI burundi
KH cambodia|cambodian
CM cameroon|cameroun|camerounaise|cameroonian
CA canada|canadian
CV cape verde|cabo verde
CF central african republic
TD chad
CL chile|chilean
CN china|chinese|peoples republic of china|prc
CO colombia|colombian
KM comoros
CG congo|republic of the congo
CD democratic republic of the congo|drc|congo kinshasa
CR costa rica
CI cote d ivoire|cote divoire|ivory coast|ivoirienne|ivoirien
HR croatia|croatian|hrvatska
CU cuba|cuban
CY cyprus|cypriot
CZ czech republic|czechia|czech
DK denmark|danish|danmark
DJ djibouti
DM dominica
DO dominican republic
EC ecuador|ecuadorian
EG egypt|egyptian
SV el salvador
GQ equatorial guinea
ER eritrea|eritrean
EE estonia|estonian|eesti
SZ eswatini|swaziland
ET ethiopia|ethiopian
FJ fiji
FI finland|finnish|suomi
FR france|french
GA gabon
GM gambia
GE georgia|georgian|sakartvelo
DE germany|german|deutschland|deutsche
GH ghana|ghanaian|ghaneenne
GR greece|greek|hellas|hellenic
GD grenada
GT guatemala
GN guinea|guinean|guineenne
GW guinea bissau
GY guyana
HT haiti
HN honduras
HK hong kong
HU hungary|hungarian|magyar
IS iceland|icelandic
IN india|indian|bharat
ID indonesia|indonesian
IR iran|iranian|islamic republic of iran|persia
IQ iraq|iraqi
IE ireland|irish
IL israel|israeli
IT italy|italian|italia
JM jamaica
JP japan|japanese|nippon
JO jordan|jordanian
KZ kazakhstan|kazakh
KE kenya|kenyan
KI kiribati
KP north korea|democratic peoples republic of korea|dprk|korea north
KR south korea|republic of korea|korea south|korea
KW kuwait|kuwaiti
KG kyrgyzstan|kyrgyz
LA laos|lao peoples democratic republic|lao
LV latvia|latvian|latvija
LB lebanon|lebanese
LS lesotho
LR liberia|liberian
LY libya|libyan
LI liechtenstein
LT lithuania|lithuanian|lietuva
LU luxembourg
MO macau|macao
MG madagascar
MW malawi
MY malaysia|malaysian
MV maldives
ML mali|malian|malienne
MT malta|maltese
MH marshall islands
MR mauritania
MU mauritius
MX mexico|mexican|mexicana|mexicano
FM micronesia
MD moldova|moldovan
MC monaco
MN mongolia|mongolian
ME montenegro
MA morocco|moroccan|maroc
MZ mozambique
MM myanmar|burma|burmese
NA namibia
NR nauru
NP nepal|nepalese
NL netherlands|dutch|holland|nederland
NZ new zealand
NI nicaragua|nicaraguan
NE niger
NG nigeria|nigerian
MK north macedonia|macedonia
NO norway|norwegian|norge
OM oman|omani
PK pakistan|pakistani
PW palau
PS palestine|palestinian
PA panama|panamanian
PG papua new guinea
PY paraguay
PE peru|peruvian
PH philippines|filipino|philippine
PL poland|polish|polska
PT portugal|portuguese
QA qatar|qatari
RO romania|romanian
RU russia|russian|russian federation|rossiya
RW rwanda
KN saint kitts and nevis
LC saint lucia
VC saint vincent and the grenadines
WS samoa
SM san marino
ST sao tome and principe
SA saudi arabia|saudi
SN senegal|senegalese|senegalaise
RS serbia|serbian|srbija
SC seychelles
SL sierra leone
SG singapore
SK slovakia|slovak
SI slovenia|slovenian|slovenija
SB solomon islands
SO somalia|somali
ZA south africa
SS south sudan
ES spain|spanish|espana
LK sri lanka
SD sudan|sudanese
SR suriname
SE sweden|swedish|sverige
CH switzerland|swiss|schweiz|suisse
SY syria|syrian|syrian arab republic
TW taiwan
TJ tajikistan
TZ tanzania|tanzanian
TH thailand|thai
TL timor leste|east timor
TG togo
TO tonga
TT trinidad and tobago
TN tunisia|tunisian
TR turkey|turkiye|turkish
TM turkmenistan
UG uganda|ugandan
UA ukraine|ukrainian|ukraina
AE united arab emirates|uae|emirates
GB united kingdom|uk|great britain|britain|british|england|scotland|wales
US united states|usa|united states of america|america
UY uruguay
UZ uzbekistan|uzbek
VU vanuatu
VA vatican|holy see
VE venezuela|venezuelan
VN vietnam|viet nam|vietnamese
YE yemen|yemeni
ZM zambia
ZW zimbabwe
`;

const BY_NAME = new Map<string, string>();
const CODES = new Set<string>();
for (const line of TABLE.trim().split('\n')) {
  const code = line.slice(0, 2);
  CODES.add(code);
  for (const name of line.slice(3).split('|')) BY_NAME.set(name, code);
}

/** Single words naming a country ("polska", "thailand", "mexico"). */
export const COUNTRY_WORDS: ReadonlySet<string> = new Set([...BY_NAME.keys()].filter((n) => !n.includes(' ')));

/** ISO alpha-2 for a code or a name as a user writes it; null when unknown. */
export function countryCode(text: string): string | null {
  const t = text.trim();
  if (/^[A-Za-z]{2}$/.test(t)) {
    const c = t.toUpperCase();
    if (c === 'UK') return 'GB';
    return CODES.has(c) ? c : null;
  }
  const key = t.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  return BY_NAME.get(key) ?? BY_NAME.get(key.replace(/^the /, '')) ?? null;
}
