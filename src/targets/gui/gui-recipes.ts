/**
 * How to launch each GUI terminal so that it runs the relay at the requested
 * size: one row of data per terminal. Sizes in cells where the terminal takes
 * them; terminator, qterminal and cool-retro-term take pixels only: they start
 * at a pixel size (about 80x24 with Debian's default fonts) and their window is
 * then sized from the cell measured (x-window-cells.ts), whatever the font. The
 * size is checked from inside at every start (a terminal that starts at another
 * size fails with the size it got).
 */
import { URXVT_EXTENSION } from './urxvt-screen-dump.js';
import type { MultiClick } from './x-selection-read.js';

/** What a launcher needs to build its command line. */
export interface LaunchContext {
  /** The relay as a program and arguments, for `-e PROG ARGS…` launchers. */
  argv: string[];
  /** The relay as one shell command, for `-e "CMD"` launchers. */
  command: string;
  cols: number;
  rows: number;
  /** kitty's remote-control socket, when readback is 'remote-control'. */
  kittySocket: string;
  /** The -perl-lib directory holding urxvt's dump extension, when readback is 'perl-dump'. */
  perlLib: string;
  /** foot's scratch foot.ini (its pipe-visible binding), when readback is 'pipe-visible'. */
  footIni: string;
}

/**
 * selection: the X PRIMARY selection of the whole window (x-selection-read.ts), for X11 terminals with no other way.
 * pipe-visible: foot's key binding that pipes the visible text to a command (foot-pipe-visible.ts).
 */
export type ScreenMethod = 'decrqcra' | 'remote-control' | 'snapshot' | 'perl-dump' | 'selection' | 'pipe-visible' | 'none';

export interface GuiRecipe {
  /** Registry name, as the user types it (for a custom terminal: the whole --target text). */
  id: string;
  /** A file-name-safe form of id for scratch dirs, when id is not (custom terminals). */
  slug?: string;
  /** From a command template (`x11:…`), not from this file: any XTVERSION name is the terminal's own, and its engine is found by that name. */
  custom?: boolean;
  /** Any XTVERSION the terminal gives names it (custom terminals: no list of names to check against). */
  anyXtversion?: boolean;
  /** The program comes from no Debian package (pkg then holds its name): no install hint, no dpkg version. */
  notPackaged?: boolean;
  /** The terminal's usual name, for the results' identity. */
  name: string;
  /** Debian package: the install hint and the dpkg version. */
  pkg: string;
  program: string;
  display: 'x11' | 'wayland';
  /** Run under dbus-run-session (GTK/VTE and Qt terminals want a session bus). */
  dbus: boolean;
  /** Built on VTE: replies come on redraw, 10–30 ms late each. */
  vte: boolean;
  /** Names this terminal gives in XTVERSION (lower case), when it answers it. */
  xtversionNames: string[];
  screen: ScreenMethod;
  /** For the selection read-back: how the terminal tells a drag from a double or triple click (default: spaced). */
  multiClick?: MultiClick;
  /**
   * The terminal keeps its selection shown after it loses PRIMARY, and a press inside a selection starts a drag
   * and drop (qtermwidget 1.2): the selection read-back clicks in the first cell before each drag to clear it.
   */
  keepsSelection?: boolean;
  /** The terminal maps the pointer to cells through a curved screen (cool-retro-term): the first cell is searched for. */
  curvedScreen?: boolean;
  /**
   * The terminal's scrollback limit in lines, filled at start for the selection read-back: qtermwidget maps a
   * selection to screen lines through a view it moves only on a 10–40 ms timer after output, so while the
   * scrollback grows a selection made sooner reads lines that have just scrolled away; once full, it stops growing.
   */
  fillScrollback?: number;
  /**
   * After a switch from the alternate screen back to the main one, the terminal maps a selection through the view it
   * last placed on the alternate screen (line 0: the oldest lines of the main screen's scrollback) until that view
   * follows on its 10–40 ms timer (QMLTermWidget): each selection read-back first makes the timer run and waits for
   * the redraw that follows it (x-view-update.ts). Needs keepsSelection.
   */
  awaitViewUpdate?: boolean;
  /**
   * Files written under the scratch HOME before the terminal starts (path relative to HOME → text): settings no
   * command-line flag gives. options() records what they set.
   */
  homeFiles?: Record<string, string>;
  /**
   * The terminal draws a copy of its screen that it updates on a timer after output (konsole and qtermwidget:
   * 10–40 ms): a redraw asked for sooner draws the old copy, so a picture waits for its own next drawing.
   */
  viewLags?: boolean;
  /** When screen is 'none': why no method works for this terminal (recorded in the results' settings). */
  noScreenBecause?: string;
  /** Extra environment for the terminal (recorded in the results' settings). */
  env?: Record<string, string>;
  /**
   * The terminal takes no size in cells: it is launched at these pixels, and its window is then resized from the
   * cell measured until its tty has the size asked for (x-window-cells.ts).
   */
  startPixels?: { width: number; height: number };
  /** The only size the terminal can run at here, and why: another --size fails at once with the reason. */
  fixedSize?: { cols: number; rows: number; because: string };
  /** The font the terminal draws with here, as far as it is known (recorded with the pixel calibration; see DESIGN.md on fonts). */
  font?: string;
  /**
   * The terminal blinks only while no X event reaches its window, so the pixel read's blink watches send it none from
   * the calibration on (pixels/blink-page.ts): why. Found by the calibration otherwise, from a watch that pokes the
   * window and, where nothing changed, one that does not; under load the poked watch saw mlterm change irregularly
   * (pokes late enough to leave it idle), took it for a terminal that blinks while poked, and every later watch,
   * poked, saw no blink (pixels.test.ts beside the site's Chromium tests: 2 runs of 3).
   */
  blinksOnlyIdle?: string;
  /** The program's arguments (after dbus-run-session --, when dbus). */
  args(ctx: LaunchContext): string[];
  /** Settings recorded in the results so a run can be repeated (flags, resources). */
  options(ctx: LaunchContext): Record<string, string>;
}

const geometry = (ctx: LaunchContext) => `${ctx.cols}x${ctx.rows}`;

/**
 * Below this many columns a menu bar is wider than the terminal's grid: xfce4-terminal's window cannot be narrower
 * than 27 columns with its menu bar and tool bar, gnome-terminal's than 32 with its menu bar (measured at 20x5).
 */
const NARROW_COLS = 40;
/** The flags that hide those bars, for a size narrower than NARROW_COLS (the launch recorded says so). */
const narrowBars = (ctx: LaunchContext, flags: string[]) => (ctx.cols < NARROW_COLS ? flags : []);

export const GUI_RECIPES: readonly GuiRecipe[] = [
  {
    id: 'xterm', name: 'xterm', pkg: 'xterm', program: 'xterm', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['xterm'], screen: 'decrqcra',
    // As shipped: no resource set. The screen read-back sets the checksum extension itself, for the read only (gui-screen-read.ts).
    args: (ctx) => ['-geometry', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({
      launch: `xterm -geometry ${geometry(ctx)} -e RELAY`,
      'resource.checksumExtension': '0 (default): the probes\' DECRQCRA answers are a default xterm\'s; the screen read-back alone sets every checksum extension bit (XTCHECKSUM, CSI 63 # y) and puts 0 back after each read',
      'resource.allowWindowOps': "false (default). Debian's build sets disallowedWindowOps to 1,2,3,4,5,6,7,8,9,11,13,14,18,19,20,21,GetSelection,SetSelection,SetWinLines,SetXprop (debian/rules, -DDEF_DISALLOWED_WINDOW), so xterm answers none of the window reports those numbers name (CSI 11, 13, 14, 18, 19, 20, 21 t); DECRQCRA needs GetChecksum and the read-back SetChecksum, which stay allowed",
      'resource.allowTcapOps': "false, as Debian builds xterm 379-1: debian/rules passes -DDEF_ALLOW_TCAP=False (and -DDEF_ALLOW_FONT=False) under \"disable some unsafe operations\" (https://sources.debian.org/src/xterm/379-1/debian/rules/#L22-L26), where upstream's main.h defaults to true. With it false, the default disallowedTcapOps (SetTcap,GetTcap) turns XTGETTCAP off: it gets no answer at all. Measured: -xrm '*allowTcapOps: true' makes it answer",
    }),
  },
  {
    id: 'urxvt', name: 'urxvt', pkg: 'rxvt-unicode', program: 'urxvt', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['urxvt', 'rxvt-unicode'], screen: 'perl-dump',
    args: (ctx) => ['-geometry', geometry(ctx), '-perl-lib', ctx.perlLib, '-pe', URXVT_EXTENSION, '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `urxvt -geometry ${geometry(ctx)} -perl-lib DIR -pe ${URXVT_EXTENSION} -e RELAY` }),
  },
  {
    id: 'st', name: 'st', pkg: 'stterm', program: 'st', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['st'], screen: 'selection', multiClick: 'whole-screen',
    args: (ctx) => ['-g', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `st -g ${geometry(ctx)} -e RELAY` }),
  },
  {
    id: 'mlterm', name: 'mlterm', pkg: 'mlterm', program: 'mlterm', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['mlterm'], screen: 'snapshot',
    blinksOnlyIdle: 'mlterm 3.9.0 runs its idling, which blinks, only after 0.1 s with no X event (ui_event_source.c)',
    args: (ctx) => ['-g', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `mlterm -g ${geometry(ctx)} -e RELAY` }),
  },
  {
    id: 'kitty', name: 'kitty', pkg: 'kitty', program: 'kitty', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['kitty'], screen: 'remote-control',
    args: (ctx) => [
      '-o', `initial_window_width=${ctx.cols}c`, '-o', `initial_window_height=${ctx.rows}c`, '-o', 'remember_window_size=no',
      '-o', 'allow_remote_control=yes', '--listen-on', `unix:${ctx.kittySocket}`, ...ctx.argv,
    ],
    options: (ctx) => ({
      launch: `kitty -o initial_window_width=${ctx.cols}c -o initial_window_height=${ctx.rows}c -o remember_window_size=no -o allow_remote_control=yes --listen-on unix:SOCKET RELAY`,
    }),
  },
  {
    id: 'alacritty', name: 'alacritty', pkg: 'alacritty', program: 'alacritty', display: 'x11', dbus: false, vte: false,
    xtversionNames: ['alacritty'], screen: 'selection', multiClick: 'other-button',
    args: (ctx) => ['-o', `window.dimensions.columns=${ctx.cols}`, '-o', `window.dimensions.lines=${ctx.rows}`, '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `alacritty -o window.dimensions.columns=${ctx.cols} -o window.dimensions.lines=${ctx.rows} -e RELAY` }),
  },
  {
    id: 'zutty', name: 'zutty', pkg: 'zutty', program: 'zutty', display: 'x11', dbus: false, vte: false,
    // zutty 0.14 counts a press as a double or triple click when the same button was released less than 250 ms before
    // (main.cc onButtonPress), and exits on any X error (main.cc handleXError): the read-back's requestor window lives
    // as long as the session, so a late answer to a conversion never meets a window that is gone.
    xtversionNames: ['zutty'], screen: 'selection', multiClick: 'other-button',
    args: (ctx) => ['-quiet', '-font', 'DejaVuSansMono', '-geometry', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `zutty -quiet -font DejaVuSansMono -geometry ${geometry(ctx)} -e RELAY` }),
  },
  {
    id: 'foot', name: 'foot', pkg: 'foot', program: 'foot', display: 'wayland', dbus: false, vte: false,
    xtversionNames: ['foot'], screen: 'pipe-visible',
    // The scratch foot.ini holds only the read-back's key binding: Debian's /etc/xdg/foot/foot.ini, read when no -c is given, sets nothing.
    args: (ctx) => ['-c', ctx.footIni, `--window-size-chars=${geometry(ctx)}`, ...ctx.argv],
    options: (ctx) => ({ launch: `foot -c FOOT-INI --window-size-chars=${geometry(ctx)} RELAY`, compositor: 'weston --backend=x11-backend.so --use-pixman --idle-time=0 --config=weston.ini (on its own Xvfb; no animations: startup-animation, animation, close-animation and focus-animation none)' }),
  },
  {
    id: 'xfce4-terminal', name: 'xfce4-terminal', pkg: 'xfce4-terminal', program: 'xfce4-terminal', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance',
    args: (ctx) => ['--disable-server', ...narrowBars(ctx, ['--hide-menubar', '--hide-toolbar']), `--geometry=${geometry(ctx)}`, '-x', ...ctx.argv],
    options: (ctx) => ({ launch: `dbus-run-session -- xfce4-terminal --disable-server ${narrowBars(ctx, ['--hide-menubar', '--hide-toolbar']).map((a) => `${a} `).join('')}--geometry=${geometry(ctx)} -x RELAY` }),
  },
  {
    id: 'lxterminal', name: 'lxterminal', pkg: 'lxterminal', program: 'lxterminal', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance',
    args: (ctx) => ['--no-remote', `--geometry=${geometry(ctx)}`, '-e', ctx.command],
    options: (ctx) => ({ launch: `dbus-run-session -- lxterminal --no-remote --geometry=${geometry(ctx)} -e "RELAY"` }),
  },
  {
    id: 'sakura', name: 'sakura', pkg: 'sakura', program: 'sakura', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance',
    args: (ctx) => [`--columns=${ctx.cols}`, `--rows=${ctx.rows}`, '-x', ctx.command],
    options: (ctx) => ({ launch: `dbus-run-session -- sakura --columns=${ctx.cols} --rows=${ctx.rows} -x "RELAY"` }),
  },
  {
    id: 'gnome-terminal', name: 'gnome-terminal', pkg: 'gnome-terminal', program: 'gnome-terminal', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance',
    args: (ctx) => ['--wait', ...narrowBars(ctx, ['--hide-menubar']), `--geometry=${geometry(ctx)}`, '--', ...ctx.argv],
    options: (ctx) => ({ launch: `dbus-run-session -- gnome-terminal --wait ${narrowBars(ctx, ['--hide-menubar']).map((a) => `${a} `).join('')}--geometry=${geometry(ctx)} -- RELAY` }),
  },
  {
    id: 'tilix', name: 'tilix', pkg: 'tilix', program: 'tilix', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance',
    args: (ctx) => [`--geometry=${geometry(ctx)}`, '-e', ctx.command],
    options: (ctx) => ({ launch: `dbus-run-session -- tilix --geometry=${geometry(ctx)} -e "RELAY"` }),
  },
  {
    id: 'terminator', name: 'terminator', pkg: 'terminator', program: 'terminator', display: 'x11', dbus: true, vte: true,
    xtversionNames: [], screen: 'selection', multiClick: 'distance', startPixels: { width: 740, height: 460 },
    args: (ctx) => ['-u', '--geometry=740x460', '-x', ...ctx.argv],
    options: () => ({ launch: 'dbus-run-session -- terminator -u --geometry=740x460 -x RELAY' }),
  },
  {
    id: 'konsole', name: 'konsole', pkg: 'konsole', program: 'konsole', display: 'x11', dbus: true, vte: false,
    // Konsole maps a selection to screen lines through a view that follows the scrollback only on a 10–40 ms timer
    // after output (ScreenWindow::notifyOutputChanged, Emulation::bufferedUpdate), so a selection made sooner after
    // a scroll reads the lines before it: without scrollback (HistoryMode=0, NoHistory) the view never moves.
    xtversionNames: ['konsole'], screen: 'selection', multiClick: 'distance', viewLags: true,
    args: (ctx) => ['--nofork', '--separate', '-p', `TerminalColumns=${ctx.cols}`, '-p', `TerminalRows=${ctx.rows}`, '-p', 'HistoryMode=0', '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `dbus-run-session -- konsole --nofork --separate -p TerminalColumns=${ctx.cols} -p TerminalRows=${ctx.rows} -p HistoryMode=0 -e RELAY`, 'profile.HistoryMode': '0 (no scrollback: the selection read-back\'s view of the screen then never lags behind a scroll)' }),
  },
  {
    id: 'qterminal', name: 'qterminal', pkg: 'qterminal', program: 'qterminal', display: 'x11', dbus: true, vte: false,
    // qtermwidget 1.2 keeps its selection after losing PRIMARY, and maps a selection to screen lines through a view
    // that follows the screen only on a 10–40 ms timer after output, while a switch between the main and alternate
    // screens keeps the view's line (see x-view-update.ts): with scrollback, a selection made sooner reads lines that
    // have just scrolled away, or after leaving the alternate screen the oldest lines of the scrollback. Without
    // scrollback (HistoryLimitedTo=0: QTermWidget::setHistorySize(0) sets HistoryTypeNone) the view stands on line 0
    // of either screen, as konsole's does with HistoryMode=0.
    xtversionNames: ['qterminal'], screen: 'selection', multiClick: 'distance', keepsSelection: true, viewLags: true, startPixels: { width: 820, height: 570 },
    homeFiles: { '.config/qterminal.org/qterminal.ini': '[General]\nHistoryLimited=true\nHistoryLimitedTo=0\n' },
    args: (ctx) => ['-geometry', '820x570', '-e', ctx.command],
    options: () => ({
      launch: 'dbus-run-session -- qterminal -geometry 820x570 -e "RELAY"',
      'config.HistoryLimitedTo': "0, with HistoryLimited=true (no scrollback, in a scratch ~/.config/qterminal.org/qterminal.ini: the selection read-back's view of the screen then never lags behind a scroll or a switch of screens)",
    }),
  },
  {
    id: 'cool-retro-term', name: 'cool-retro-term', pkg: 'cool-retro-term', program: 'cool-retro-term', display: 'x11', dbus: true, vte: false,
    // QMLTermWidget (qtermwidget's QML port) keeps its selection like qtermwidget, its KSession holds 1000 lines of
    // scrollback (a fixed HistoryTypeBuffer(1000) that cool-retro-term offers no setting for), and the CRT screen is
    // curved (PreprocessedTerminal.qml correctDistortion).
    xtversionNames: ['cool-retro-term'], screen: 'selection', multiClick: 'distance', keepsSelection: true, viewLags: true, curvedScreen: true, fillScrollback: 1000, awaitViewUpdate: true, startPixels: { width: 1160, height: 800 },
    // Qt Quick's software renderer: no CRT shader effects to draw with llvmpipe, which
    // took 7 s to start and 20 s for the corpus on 2 loaded cores (0.5 s and 0.2 s
    // this way); the answers were the same, probe for probe.
    env: { QT_QUICK_BACKEND: 'software' },
    args: (ctx) => ['--default-settings', '-geometry', '1160x800', '-e', ...ctx.argv],
    options: () => ({ launch: 'dbus-run-session -- cool-retro-term --default-settings -geometry 1160x800 -e RELAY' }),
  },
  {
    // PuTTY's terminal (terminal.c) in a GTK window of its own, no SSH: pterm runs the command locally.
    id: 'pterm', name: 'pterm', pkg: 'pterm', program: 'pterm', display: 'x11', dbus: true, vte: false,
    // Its view lags: pterm 0.78 paints output into a backing surface only in term_update, run from a toplevel
    // callback and then at most every UPDATE_DELAY (20 ms: terminal/terminal.c, term_schedule_update and
    // term_update_callback), and an exposure blits that surface as it is (unix/window.c, draw_area), while DA1 is
    // answered as the bytes are parsed. A redraw asked for after the answer showed the cell as the probe before
    // left it (139 style probes, two cores kept busy: 2 and 1 cells read so in two runs of three; 0 in three runs
    // once its view lags).
    xtversionNames: [], screen: 'selection', multiClick: 'distance', viewLags: true,
    args: (ctx) => ['-geometry', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `dbus-run-session -- pterm -geometry ${geometry(ctx)} -e RELAY` }),
  },
  {
    // Enlightenment's terminal (EFL); it names itself in XTVERSION ("terminology 1.13.0").
    id: 'terminology', name: 'terminology', pkg: 'terminology', program: 'terminology', display: 'x11', dbus: true, vte: false,
    // EFL draws from its own animator: an exposed pixel (ClearArea) is not redrawn within 1 s (measured), so frames are its own.
    // -O (an override-redirect window): with no window manager, EFL 1.26 never draws a managed window. Elementary holds
    // rendering while the window is withdrawn (efl_ui_win.c: auto norender until ecore_evas_withdrawn_get is false),
    // and ecore_evas_x.c leaves it withdrawn until a WM_STATE of NormalState arrives, which only a window manager sets
    // (and its test for one, wm_exists = !ecore_x_window_prop_window_get(root, _NET_SUPPORTING_WM_CHECK), is the
    // wrong way round). Measured here: the window stays black with every engine (ELM_ENGINE, ELM_ACCEL) and
    // ELM_AUTO_NORENDER_WITHDRAWN=0; a WM_STATE set by hand, or -O, makes it draw at once, and the mouse reports and
    // paste it gave none of before come too. --no-wizard=1: the scale wizard a first start shows over the terminal.
    // Under Xvfb its terminal goes to 80x24 within 0.2 s of starting, whatever -g says and whatever size its window
    // has or is given later (measured with -g 60x15: the tty 15x60, then 24x80 for good, the window 362x182 px).
    fixedSize: { cols: 80, rows: 24, because: 'under Xvfb its terminal goes to 80x24 within 0.2 s of starting, whatever its window\'s size (measured)' },
    xtversionNames: ['terminology'], screen: 'none', viewLags: true, noScreenBecause: 'terminology 1.13 answers no DECRQCRA and exposes no accessibility text, and its X selection loses text: a drag over the grid gave "ab" where the window shows "ab   fghij" (erase.ech-does-not-shift) and "abcde", "", "" where it shows "abcde", "fg", "" (erase.ed-0-below), measured; its text is read from the pixels, against the glyphs of its calibration sheet',
    args: (ctx) => ['--no-wizard=1', '-O', '-g', geometry(ctx), '-e', ...ctx.argv],
    options: (ctx) => ({ launch: `dbus-run-session -- terminology --no-wizard=1 -O -g ${geometry(ctx)} -e RELAY` }),
  },
];

export const GUI_TARGET_IDS = GUI_RECIPES.map((r) => r.id);

export function findRecipe(id: string): GuiRecipe | undefined {
  return GUI_RECIPES.find((r) => r.id === id);
}
