/** The page kinds a site build writes, in order (see site-pages.ts for the contract). */
import { comparePages } from './compare-page.js';
import { matrixPages } from './matrix-page.js';
import { probePages } from './probe-page.js';
import { dataFiles } from './site-data.js';
import type { SitePage } from './site-pages.js';
import { terminalPages } from './terminal-page.js';
import { unicodePages } from './unicode-page.js';
import { historyPages } from './history-page.js';
import { sessionsPages } from './sessions-page.js';
import { pictureFiles } from './site-pictures.js';
import { speedPages } from './speed-page.js';
import { docsPages } from './docs-pages.js';
import { inputPages } from './input-page.js';

/** Pictures first: each is checked before any page is rendered, so a bad one fails the build at once. */
export const SITE_PAGES: readonly SitePage[] = [pictureFiles, matrixPages, probePages, inputPages, terminalPages, comparePages, unicodePages, historyPages, sessionsPages, speedPages, docsPages, dataFiles];
