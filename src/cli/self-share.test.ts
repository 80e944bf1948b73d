/**
 * The results file `npx termprobe` writes is safe to share: the real CLI in a
 * real pseudo-terminal (xterm.js at the other end), with a user name, host name,
 * home folder, SSH addresses and session variables holding paths planted in its
 * environment. None of them may reach the file; its environment is only the
 * terminal-identifying variables.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isTerminalVar } from '../engine/identify-env.js';
import { parseResults } from '../results/read-results.js';
import { cleanTerminalEnv } from '../test-support/pty-host.js';
import { hostExit, scratchDir, startInHost } from '../test-support/self-run.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the results file of npx termprobe', () => {
  it('holds no user or host name, home path, SSH address or session path planted in the environment', async () => {
    const d = scratchDir();
    dirs.push(d);
    const home = join(d, 'home-of-zq-planted-user');
    mkdirSync(home);
    const planted = {
      USER: 'zqplanteduser',
      LOGNAME: 'zqplanteduser',
      HOSTNAME: 'zq-planted-host.example.net',
      HOME: home,
      SSH_CLIENT: '203.0.113.77 50123 22',
      SSH_CONNECTION: '203.0.113.77 50123 198.51.100.44 22',
      SSH_TTY: '/dev/pts/zq-planted',
      KITTY_LISTEN_ON: `unix:${home}/kitty.sock`,
      WEZTERM_EXECUTABLE: `${home}/bin/wezterm`,
      GNOME_TERMINAL_SCREEN: '/org/gnome/Terminal/screen/zq_planted_screen',
      MAIL: '/var/mail/zqplanteduser',
      PWD: home,
    };
    const out = join(d, 'mine.json');
    const { host } = startInHost(d, ['--out', out, '--no-pager'], { env: cleanTerminalEnv(planted), cwd: home });
    try {
      await hostExit(host, 60_000);
    } finally {
      host.kill();
    }
    const text = readFileSync(out, 'utf8');
    const results = parseResults(text, out);
    expect(results.probes.some((p) => p.status === 'ok')).toBe(true); // a real run, not an empty file
    for (const secret of ['zqplanteduser', 'zq-planted-host', home, 'home-of-zq-planted-user', '203.0.113.77', '198.51.100.44', 'zq-planted', 'zq_planted_screen']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(results.run.host).toBeUndefined();
    const env = results.target.identity.chain.env ?? {};
    for (const [k, v] of Object.entries(env)) expect(isTerminalVar(k, v), `${k}=${v}`).toBe(true);
    expect(env).toMatchObject({ TERM: 'xterm-256color', KITTY_LISTEN_ON: 'set', WEZTERM_EXECUTABLE: 'set', GNOME_TERMINAL_SCREEN: 'set' });
    expect(Object.keys(env).filter((k) => k.startsWith('SSH_') || ['USER', 'HOME', 'HOSTNAME', 'MAIL', 'PWD', 'LOGNAME'].includes(k))).toEqual([]);
  });
});
