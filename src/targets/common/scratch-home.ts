/**
 * A scratch home for one GUI run: HOME, the XDG directories, XDG_RUNTIME_DIR
 * (mode 700) and TMPDIR inside one private temp dir (so what the programs put in
 * a temporary folder — Emacs's native-compilation files, efreetd's logs — goes
 * with it), and an environment built from nothing
 * but PATH, so no user configuration is read and nothing is written outside it.
 * Every process started with this environment carries the session's marker.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { MARKER_VAR } from './marked-processes.js';

export interface Scratch {
  dir: string;
  home: string;
  runtime: string;
  /** The value of MARKER_VAR in every process of this session. */
  marker: string;
  /** The base environment, plus extra entries (undefined removes one). */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  remove(): void;
}

const FALLBACK_PATH = '/usr/local/bin:/usr/bin:/bin';

export function createScratch(prefix = 'termprobe-gui-'): Scratch {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  const runtime = join(dir, 'runtime');
  const tmp = join(dir, 'tmp');
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(runtime, { mode: 0o700 });
  mkdirSync(tmp, { mode: 0o700 });
  const marker = `${process.pid}-${randomBytes(6).toString('hex')}`;
  let user = 'termprobe';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry: keep the placeholder
  }
  const base: Record<string, string> = {
    PATH: process.env['PATH'] || FALLBACK_PATH,
    HOME: home,
    USER: user,
    LOGNAME: user,
    SHELL: '/bin/sh',
    LANG: 'C.UTF-8',
    XDG_RUNTIME_DIR: runtime,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    // No accessibility bus, no dconf or gvfs daemons: fewer processes, faster starts.
    NO_AT_BRIDGE: '1',
    GTK_A11Y: 'none',
    GSETTINGS_BACKEND: 'memory',
    GIO_USE_VFS: 'local',
    [MARKER_VAR]: marker,
  };
  return {
    dir,
    home,
    runtime,
    marker,
    env(extra = {}) {
      const env: NodeJS.ProcessEnv = { ...base };
      for (const [key, value] of Object.entries(extra)) {
        if (value === undefined) delete env[key];
        else env[key] = value;
      }
      return env;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
