// Feature flags of spec 6: each gates a module for a client. A client's availability of
// each is stored per client (client_features) and read by browser and server alike.

export const FEATURES = {
  VERIFICATION_FLOW: 'verification flow',
  FORM_BUILDER: 'form builder',
  FLOW_BUILDER: 'flow builder',
  TRANSLATIONS: 'translations',
  AML_PROVIDERS: 'AML providers',
  WALLET_SCREENING: 'wallet screening',
  GEO_IP: 'geo-IP',
  FINCEN: 'FinCEN',
  BLACKLISTED_PROFILES: 'blacklisted profiles',
  PROHIBITED_COUNTRIES: 'prohibited countries',
  IDV_PROVIDERS: 'identity verification providers',
  TRANSACTION_RISK_SCORE: 'transaction risk score',
  GLOBAL_SEARCH: 'global search',
  CUSTOMIZATION_TOOLS: 'customization tools',
  TRANSACTION_MONITORING: 'transaction monitoring',
  CASE_RISK_SCORING: 'case risk scoring',
  AI_SERVICES: 'AI services',
  EDD_REPORTS: 'EDD reports',
  OFAC: 'OFAC',
  DATA_SHARING: 'data sharing',
  ADDITIONAL_DATA_REQUESTS: 'additional data requests',
  WHITE_LABEL: 'white label',
} as const;

export type FeatureCode = keyof typeof FEATURES;
export const FEATURE_CODES = Object.keys(FEATURES) as FeatureCode[];

export function isFeatureCode(code: string): code is FeatureCode {
  return Object.hasOwn(FEATURES, code);
}
