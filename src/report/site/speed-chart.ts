/**
 * One speed figure across terminals as a standalone SVG file (speed/<figure>.svg,
 * shown on speed.html as an image, and usable anywhere): a row per terminal,
 * best first, its trials' range (min to max) as a line, the median as a dot, p90
 * as a tick, and the median written out. The axis is logarithmic (the terminals
 * here differ up to a hundredfold), with gridlines at 1, 2 and 5 of each decade.
 * Drains read as MB/s (a trial's range runs from its slowest to its fastest
 * rate), memory as MiB. A terminal that stalled or was not measured has a row
 * saying so. Every text from a results file is XML-escaped; the colours follow
 * the reader's light or dark setting through the file's own style.
 */
import type { SpeedFigure, SpeedFigureId, SpeedResults } from '../../results/speed-results-schema.js';
import { FIGURE_TITLES, shownValue, sig3 } from '../../results/speed-figures.js';
import { escapeHtml } from './html.js';

export interface ChartRow {
  label: string;
  figure: SpeedFigure | undefined;
}

const WIDTH = 760;
const LABEL_W = 210;
const VALUE_W = 120;
const ROW_H = 22;
const TOP = 44;
const BOTTOM = 34;
const PLOT_W = WIDTH - LABEL_W - VALUE_W - 20;

/** A figure's trials as shown (ms, MB/s or MiB), with which way is better. */
function shownRange(f: SpeedFigure): { lo: number; mid: number; p90: number; hi: number; unit: string } {
  const s = f.stats!;
  const v = (x: number) => shownValue(f, x).value;
  const [a, b] = [v(s.min), v(s.max)];
  return { lo: Math.min(a, b), mid: v(s.median), p90: v(s.p90), hi: Math.max(a, b), unit: shownValue(f, s.median).unit };
}

/** Whether larger shown values are better (drains, in MB/s). */
const higherIsBetter = (id: SpeedFigureId) => id.startsWith('drain.');

/** Gridlines at 1, 2 and 5 of each decade between lo and hi. */
function gridValues(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) {
      const x = m * 10 ** e;
      if (x >= lo * 0.999 && x <= hi * 1.001) out.push(x);
    }
  }
  return out;
}

export function speedChartSvg(id: SpeedFigureId, rows: readonly ChartRow[]): string {
  const measured = rows.filter((r) => r.figure?.stats && r.figure.status === 'measured');
  const ranges = measured.map((r) => shownRange(r.figure!));
  const unit = ranges[0]?.unit ?? (id.startsWith('memory.') ? 'MiB' : id.startsWith('drain.') ? 'MB/s' : 'ms');
  const sign = higherIsBetter(id) ? -1 : 1;
  const order = measured.map((r, i) => ({ r, g: ranges[i]! })).sort((x, y) => sign * (x.g.mid - y.g.mid) || x.r.label.localeCompare(y.r.label));
  const others = rows.filter((r) => !measured.includes(r));
  const positive = ranges.flatMap((g) => [g.lo, g.hi]).filter((x) => x > 0 && Number.isFinite(x));
  const lo = positive.length ? 10 ** Math.floor(Math.log10(Math.min(...positive))) : 0.1;
  const hi = positive.length ? 10 ** Math.ceil(Math.log10(Math.max(...positive))) : 10;
  const x = (value: number) => LABEL_W + ((Math.log10(Math.max(value, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo) || 1)) * PLOT_W;
  const n = order.length + others.length;
  const height = TOP + n * ROW_H + BOTTOM;
  const title = `${FIGURE_TITLES[id]} (${unit}, ${higherIsBetter(id) ? 'higher' : 'lower'} is better)`;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="t">`);
  out.push(`<title id="t">${escapeHtml(`${title}: ${order.map(({ r, g }) => `${r.label} ${sig3(g.mid)}`).join(', ') || 'no terminal measured'}`)}</title>`);
  out.push('<style>svg{color:#1b1b1b;background:#fff}.grid{stroke:#d4d4d4}.range{stroke:#0b57a4;stroke-width:2}.mid{fill:#0b57a4}.p90{stroke:#b35900;stroke-width:2}.none{fill:#5c5c5c;font-style:italic}text{fill:currentColor;font:12px system-ui,"DejaVu Sans",sans-serif}.head{font-weight:bold;font-size:13px}@media (prefers-color-scheme:dark){svg{color:#e4e6e8;background:#15191d}.grid{stroke:#434a52}.range{stroke:#8ec5ff}.mid{fill:#8ec5ff}.p90{stroke:#ffb86b}.none{fill:#a9b0b7}}</style>');
  out.push(`<text class="head" x="8" y="18">${escapeHtml(title)}</text>`);
  out.push(`<text x="8" y="36">dot: median; line: min to max of the trials; tick: p90${higherIsBetter(id) ? ' (slowest 10 %)' : ''}; log scale</text>`);
  for (const g of gridValues(lo, hi)) {
    const gx = x(g).toFixed(1);
    out.push(`<line class="grid" x1="${gx}" x2="${gx}" y1="${TOP - 4}" y2="${TOP + n * ROW_H}"/><text x="${gx}" y="${TOP + n * ROW_H + 16}" text-anchor="middle">${sig3(g)}</text>`);
  }
  order.forEach(({ r, g }, i) => {
    const y = TOP + i * ROW_H + ROW_H / 2;
    out.push(`<text x="${LABEL_W - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(r.label)}</text>`);
    out.push(`<line class="range" x1="${x(g.lo).toFixed(1)}" x2="${x(g.hi).toFixed(1)}" y1="${y}" y2="${y}"/>`);
    out.push(`<line class="p90" x1="${x(g.p90).toFixed(1)}" x2="${x(g.p90).toFixed(1)}" y1="${y - 6}" y2="${y + 6}"/>`);
    out.push(`<circle class="mid" cx="${x(g.mid).toFixed(1)}" cy="${y}" r="4"/>`);
    out.push(`<text x="${WIDTH - VALUE_W}" y="${y + 4}">${escapeHtml(`${sig3(g.mid)} ${g.unit}`)}</text>`);
  });
  others.forEach((r, i) => {
    const y = TOP + (order.length + i) * ROW_H + ROW_H / 2;
    const f = r.figure;
    const why = f?.status === 'stalled' ? `stalled: ${f.stall!.consumed} of ${f.stall!.of} bytes consumed` : 'not measured';
    out.push(`<text x="${LABEL_W - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(r.label)}</text><text class="none" x="${LABEL_W}" y="${y + 4}">${escapeHtml(why)}</text>`);
  });
  out.push(`<text x="${LABEL_W + PLOT_W / 2}" y="${height - 4}" text-anchor="middle">${escapeHtml(unit)}</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The chart's rows: each run's figure, labelled by terminal and version. */
export function chartRows(runs: readonly SpeedResults[], id: SpeedFigureId): ChartRow[] {
  return runs.map((r) => ({ label: `${r.target.identity.name} ${r.target.identity.version}`, figure: r.figures.find((f) => f.id === id) }));
}
