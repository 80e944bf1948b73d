/**
 * Cells from a multiplexer's styled text dump (tmux `capture-pane -p -e`): the
 * rows are replayed into a scratch @xterm/headless terminal of the same width
 * and read back with the embedded targets' cell reader, so the canonical style
 * is computed in one place. Each row is placed with CUP and autowrap off, so a
 * row never spills into the next; SGR state carries across rows as in the dump.
 * One scratch terminal serves a whole session (reset before each replay).
 *
 * Widths are xterm.js's (Unicode 11) judgement of the characters the dump
 * holds: the dump carries no widths of its own.
 */
import headless from '@xterm/headless';
import unicode11 from '@xterm/addon-unicode11';
import type { Terminal as XtermTerminal } from '@xterm/headless';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { readRegion, validateRegion } from '../common/region-read.js';
import { xtermCellReader } from '../common/xterm-cells.js';

const { Terminal } = headless;
const { Unicode11Addon } = unicode11;

export class StyledRowsReader {
  private term: XtermTerminal | undefined;

  /**
   * `rows` are the dump of screen rows region.top…region.bottom, full width;
   * `cols`×`screenRows` is the screen the region was checked against.
   */
  async read(rows: readonly string[], region: Region, cols: number, screenRows: number, via: ScreenAnswer['via']): Promise<ScreenAnswer> {
    validateRegion(region, cols, screenRows);
    const height = region.bottom - region.top + 1;
    const term = this.scratch(cols, height);
    let data = '\x1bc\x1b[?7l';
    for (let i = 0; i < height; i++) data += `\x1b[${i + 1};1H${rows[i] ?? ''}`;
    await new Promise<void>((resolve) => term.write(data, resolve));
    const answer = readRegion({ ...region, top: 1, bottom: height }, cols, height, xtermCellReader(term.buffer.active));
    return { ...answer, via, region: { ...region } };
  }

  private scratch(cols: number, rows: number): XtermTerminal {
    if (!this.term) {
      this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0, logLevel: 'off' });
      this.term.loadAddon(new Unicode11Addon());
      this.term.unicode.activeVersion = '11';
    } else if (this.term.cols !== cols || this.term.rows !== rows) {
      this.term.resize(cols, rows);
    }
    return this.term;
  }

  dispose(): void {
    this.term?.dispose();
    this.term = undefined;
  }
}
