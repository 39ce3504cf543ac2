// The data of the prohibited-countries screening: the country codes it accepts and the
// jurisdictions it reports. Both are public facts, written here by hand; README.md in this
// folder says where they come from and how to bring the list up to date.

/** ISO 3166-1 alpha-2: the 249 officially assigned codes, plus XK (Kosovo, user-assigned, used by banks and the EU). */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
XK
YE YT
ZA ZM ZW
`.trim().split(/\s+/);

export interface ProhibitedJurisdiction {
  /** ISO 3166-1 alpha-2. */
  country: string;
  name: string;
  /** OFAC's name of the sanctions program. */
  program: string;
  /** The regulations that prohibit dealings with it, and where they are codified. */
  regulations: string;
  cfr: string;
}

/** The day the list below was last checked against its source. */
export const LIST_DATE = '2025-07-01';

export const LIST_SOURCE = 'OFAC comprehensive sanctions programs';

/**
 * The countries under a comprehensive (country-wide) embargo of the US Treasury's Office of
 * Foreign Assets Control on LIST_DATE. Syria left the list that day: Executive Order 14312
 * of 30 June 2025 ended the Syria sanctions program from 1 July 2025. OFAC's region-wide
 * programs (the Crimea region, E.O. 13685; the so-called Donetsk and Luhansk People's
 * Republics, E.O. 14065) are regions of Ukraine, not countries: a country code cannot name
 * them, so this check does not cover them (README.md).
 */
export const PROHIBITED: readonly ProhibitedJurisdiction[] = [
  { country: 'CU', name: 'Cuba', program: 'Cuba Sanctions', regulations: 'Cuban Assets Control Regulations', cfr: '31 CFR part 515' },
  { country: 'IR', name: 'Iran', program: 'Iran Sanctions', regulations: 'Iranian Transactions and Sanctions Regulations', cfr: '31 CFR part 560' },
  { country: 'KP', name: 'North Korea', program: 'North Korea Sanctions', regulations: 'North Korea Sanctions Regulations', cfr: '31 CFR part 510' },
];
