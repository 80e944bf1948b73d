/** The page kinds a site build writes, in order (see site-pages.ts for the contract). */
import { comparePages } from './compare-page.js';
import { matrixPages } from './matrix-page.js';
import { probePages } from './probe-page.js';
import { dataFiles } from './site-data.js';
import type { SitePage } from './site-pages.js';
import { terminalPages } from './terminal-page.js';
import { unicodePages } from './unicode-page.js';
import { historyPages } from './history-page.js';

export const SITE_PAGES: readonly SitePage[] = [matrixPages, probePages, terminalPages, comparePages, unicodePages, historyPages, dataFiles];
