/** The page kinds a site build writes, in order (see site-pages.ts for the contract). */
import { apiFiles } from './api.js';
import { comparePages } from './compare-page.js';
import { featurePages } from './feature-page.js';
import { overviewPages } from './features-overview.js';
import { matrixPages } from './matrix-page.js';
import { probePages } from './probe-page.js';
import type { SitePage } from './site-pages.js';
import { listPages } from './site-lists.js';
import { terminalPages } from './terminal-page.js';
import { unicodePages } from './unicode-page.js';
import { historyPages } from './history-page.js';
import { sessionsPages } from './sessions-page.js';
import { pictureFiles } from './site-pictures.js';
import { speedPages } from './speed-page.js';
import { docsPages } from './docs-pages.js';
import { inputPages } from './input-page.js';

/**
 * Pictures first: each is checked before any page is rendered, so a bad one fails the build at once. Then the JSON
 * API: 1,390 small files made in 0.1 s, which the writer's thread creates while this one makes the pages (last, they
 * were most of what the process waited for after the last page: making a file is kernel work, write-site.ts).
 */
export const SITE_PAGES: readonly SitePage[] = [pictureFiles, apiFiles, overviewPages, featurePages, matrixPages, probePages, inputPages, terminalPages, comparePages, listPages, unicodePages, historyPages, sessionsPages, speedPages, docsPages];
