import { describe, expect, it } from 'vitest';
import { terminalEnv } from './identify-env.js';
import { guessIdentity } from './identify-guess.js';

describe('guessIdentity', () => {
  it('trusts XTVERSION first, and says so', () => {
    const g = guessIdentity({ xtversion: 'kitty(0.26.5)', da2Params: [1, 4000, 29], env: terminalEnv({ TERM: 'xterm-kitty', KITTY_WINDOW_ID: '3' }) });
    expect(g.identity).toMatchObject({ name: 'kitty', version: '0.26.5', identifiedBy: 'xtversion' });
    expect(g.summary).toBe('kitty 0.26.5 (from XTVERSION "kitty(0.26.5)")');
  });

  it('inside tmux: tmux answers, and the outer terminal comes from client_termtype, else from variables passed through', () => {
    const env = terminalEnv({ TERM: 'tmux-256color', TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.3a', TMUX: '/tmp/tmux-1000/default,1,0', VTE_VERSION: '7402', GNOME_TERMINAL_SCREEN: '/org/x' });
    const withClient = guessIdentity({ xtversion: 'tmux 3.3a', da2Params: [84, 0, 0], env, tmuxClient: { termname: 'xterm-256color', termtype: 'VTE(7402)' } });
    expect(withClient.identity).toMatchObject({ name: 'tmux', version: '3.3a', identifiedBy: 'xtversion', outer: { name: 'vte', version: '7402', identifiedBy: 'tmux client_termtype "VTE(7402)"' } });
    expect(withClient.summary).toMatch(/tmux answers the queries itself/);
    const fromEnv = guessIdentity({ da2Params: [84, 0, 0], env });
    expect(fromEnv.identity).toMatchObject({ name: 'tmux', version: '3.3a', identifiedBy: 'da2', outer: { name: 'gnome-terminal' } });
    expect(fromEnv.identity.outer?.version).toBeUndefined();
    expect(fromEnv.identity.chain.env).toMatchObject({ TMUX: 'set', VTE_VERSION: '7402' });
  });

  it('GNU screen by DA2, with its version; the outer terminal cannot always be told', () => {
    const g = guessIdentity({ da2Params: [83, 40900, 0], env: terminalEnv({ TERM: 'screen', STY: '1.pts-0.host' }) });
    expect(g.identity).toMatchObject({ name: 'screen', version: '4.9.0', identifiedBy: 'da2' });
    expect(g.identity.outer).toBeUndefined();
    expect(g.summary).toMatch(/outer terminal could not be told/);
    expect(g.identity.chain.env).toEqual({ STY: 'set', TERM: 'screen' }); // the session name (host name) is not recorded
  });

  it('falls back to the environment, then to unknown', () => {
    expect(guessIdentity({ env: terminalEnv({ TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203' }) }).identity).toMatchObject({ name: 'wezterm', version: '20240203', identifiedBy: 'env' });
    expect(guessIdentity({ da2Params: [0, 276, 0], env: {} }).identity).toMatchObject({ name: 'xterm.js', version: 'unknown', identifiedBy: 'da2' });
    expect(guessIdentity({ env: terminalEnv({ TERM: 'xterm-256color' }) })).toMatchObject({ identity: { name: 'unknown', identifiedBy: 'unknown' }, summary: 'unknown terminal (TERM=xterm-256color)' });
  });
});

describe('front end and engine', () => {
  it('names a VTE front end from the environment and VTE as its engine, as run --target does', () => {
    const g = guessIdentity({ da2Params: [65, 7006, 1], env: terminalEnv({ TERM: 'xterm-256color', VTE_VERSION: '7006', GNOME_TERMINAL_SCREEN: '/org/gnome/Terminal/screen/1' }) });
    expect(g.identity).toMatchObject({ name: 'gnome-terminal', version: 'unknown', identifiedBy: 'env' });
    expect(g.engine).toEqual({ name: 'vte', version: '0.70.6' });
    expect(g.summary).toMatch(/^gnome-terminal \(vte 0\.70\.6\) \(from env VTE_VERSION and GNOME_TERMINAL_SCREEN, engine DA2 65;7006;1\)/);
  });

  it('without a front end named, the terminal is VTE itself', () => {
    const g = guessIdentity({ da2Params: [65, 7006, 1], env: terminalEnv({ TERM: 'xterm-256color', VTE_VERSION: '7006' }) });
    expect(g.identity).toMatchObject({ name: 'vte', version: '0.70.6', identifiedBy: 'da2' });
    expect(g.engine).toEqual({ name: 'vte', version: '0.70.6' });
  });
});
