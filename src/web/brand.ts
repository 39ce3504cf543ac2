// Product identity shown on full-page screens (spec 2.2). The product name is not part
// of the spec; a white-label host may override the company through window.__APP__.
import { appConfig } from './config.ts';

export const TAGLINE = 'Compliance as a service';
export const COMPANY = appConfig.company ?? 'Open Compliance Europe B.V.';
export const COPYRIGHT = `© 2025 ${COMPANY.replace(/\.$/, '')}. All rights reserved`;
