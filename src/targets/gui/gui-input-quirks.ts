/**
 * What the input probes cannot do in a GUI terminal, and why, by registry name: kept apart from the launch
 * recipes (gui-recipes.ts) because only the input probes read it.
 */
import type { InputKind } from '../../corpus/input/input-schema.js';

export interface InputQuirks {
  /** Events of a kind this terminal cannot be given, and why. */
  cannot?: Partial<Record<InputKind, string>>;
  /**
   * The marker is a key the keymap already has (this keysym), which the terminal is set up to turn into the marker's
   * text, instead of a spare keycode given the marker's keysym: a terminal that never sees a keymap changed after it
   * started (foot: weston compiles its keymap from the X server's layout names, once).
   */
  markerKeysym?: { keysym: number; how: string };
  /**
   * The terminal holds some pastes for a confirmation that takes the keyboard (the marker after the paste does not
   * come back): the key that confirms (an X keysym), pressed then, and what asks.
   */
  pasteConfirm?: { keysym: number; how: string; when: (text: Uint8Array) => boolean };
  /**
   * The terminal's window now and then misses the input focus coming back (the client that owns it drops the server's
   * FocusIn): why. After each focus change back to it, and before and after recovery's, it is sent a FocusIn of
   * termprobe's own (sendFocusIn), and the focus is checked with a marker: sent again until a marker passes.
   */
  focusInLost?: string;
  /**
   * The key (a chord as probes write it) that undoes a font-size shortcut (ctrl+minus): it puts the font back at the
   * size the terminal started with, so the grid and its cells' pixels are as before and no fresh instance is needed;
   * and where it says so.
   */
  fontReset?: { key: string; source: string };
  /**
   * What the wheel does depends on the terminal's view of the screen, which follows the screen only on a timer after
   * output (see x-view-update.ts): why. Before a wheel event the terminal is made to run that timer (a DA1 is output
   * too) and its drawing is waited for, so the event meets the view of the screen shown, not of the one before.
   */
  wheelAfterViewUpdate?: string;
}

/** XF86Tools (X11 XF86keysym.h): FK13 in the evdev layout; no probe presses it. */
const XF86_TOOLS = 0x1008ff81;

export const INPUT_QUIRKS: Readonly<Record<string, InputQuirks>> = {
  // Not qterminal: its Ctrl+0 (Zoom reset, src/config.h at 1.2.0) gives the grid its size back, but not the mouse its
  // cells: every mouse report after it named the column a fresh instance names less one (46 input answers).
  alacritty: { fontReset: { key: 'ctrl+0', source: 'alacritty 0.11.0, alacritty/src/config/bindings.rs: Key0 with Control, ResetFontSize (back to font.size)' } },
  konsole: { fontReset: { key: 'ctrl+alt+0', source: "konsole 22.12.3, src/session/SessionController.cpp: Reset Font Size is Ctrl+Alt+0 (the profile's size; its handbook says Ctrl+0)" } },
  terminator: { fontReset: { key: 'ctrl+0', source: "terminator 2.1.2, terminatorlib/config.py: zoom_normal is <Control>0 (the configured font)" } },
  tilix: { fontReset: { key: 'ctrl+0', source: 'tilix 1.9.5, com.gexperts.Tilix.gschema.xml: terminal-zoom-normal is <Ctrl>0 (scale 1.0)' } },
  // No reset: Ctrl++ (Qt's Plus key: shift+= here) adds back the 0.05 of scale Ctrl+- took (1.0 - 0.05 + 0.05 is 1.0).
  'cool-retro-term': {
    fontReset: { key: 'ctrl+shift+=', source: 'cool-retro-term 1.2.0, app/qml/main.qml and ApplicationSettings.qml: no reset, Ctrl++ adds the 0.05 of scale Ctrl+- takes' },
    wheelAfterViewUpdate:
      "qmltermwidget at 63228027 (cool-retro-term 1.2.0's), TerminalDisplay.cpp wheelEvent: with no mouse tracking the wheel scrolls the view where the scroll bar can move, and sends cursor keys where it cannot; the scroll bar's range follows the screen in Emulation::showBulk, 10-40 ms after output (BULK_TIMEOUT1/2). A wheel right after CSI ? 1049 h met the main screen's 1,000 lines of scrollback and sent nothing: in 3 of 4 full runs (the published one among them), 3 of 3 runs of mouse-tracking alone",
  },
  // rxvt-unicode 9.30's perl extension confirm-paste, in Debian's default set (perl-ext-common "default"): a paste
  // holding a control character shows "Pasting N control characters, continue? (y/n)" and takes every key until y or n.
  // Its on_tt_paste counts the text's bytes 0x00–0x1f (tr/\x00-\x1f//) and asks when there is one.
  urxvt: { pasteConfirm: { keysym: 0x79, how: "urxvt's confirm-paste extension asks \"Pasting N control characters, continue? (y/n)\" for text with a control character; y pressed", when: (text) => text.some((b) => b < 0x20) } },
  // weston's X11 backend makes weston an X client with one window: it hands its Wayland clients the keyboard and
  // pointer of that window, but keeps the X selections to itself (no XWayland here to bridge them).
  foot: {
    cannot: { paste: "foot runs under weston's X11 backend, which does not bridge the X selection to its Wayland clients" },
    // weston 10's X11 backend (libweston/backend-x11/x11.c, x11_backend_handle_event) holds a FocusIn until the event
    // after it, which it takes for the KeymapNotify the server sends next, and only then gives its seat the keyboard
    // focus back; a FocusIn that ends a batch of events read is dropped. The X server writes the two with separate
    // writes (os/io.c, WriteToClient: an event into an empty output buffer is flushed at once), so weston, woken by
    // the first, reads it alone now and then (1 focus change in 5 here): foot never hears the focus come back, and the
    // next FocusOut (notify_keyboard_focus_out, with no focus to save) forgets the surface to give it back to.
    focusInLost: "weston 10's X11 backend drops a FocusIn read without the KeymapNotify after it (libweston/backend-x11/x11.c): its seat's keyboard focus then stays on nothing",
    fontReset: { key: 'ctrl+0', source: 'foot 1.13.1, foot.ini(5) and /etc/xdg/foot/foot.ini: font-reset is Control+0 (the configured size)' },
    markerKeysym: { keysym: XF86_TOOLS, how: "XF86Tools, which foot.ini's [text-bindings] turns into U+2603 (weston compiles its keymap from the X server's layout names at start, so a keysym given to a spare keycode later never reaches foot)" },
  },
};
