/**
 * The private session bus of a GUI terminal that wants one (GuiRecipe.dbus):
 * dbus-run-session with a configuration of our own. Debian's session.conf
 * listens on `unix:tmpdir=/tmp`, which leaves a socket file in /tmp whenever the
 * bus daemon is ended before it can remove it (27 such files in /tmp after a day
 * of test runs here, whatever TMPDIR said). This one listens in the run's scratch
 * folder, removed with it; the rest is the stock session bus: EXTERNAL
 * authentication, the standard service directories (gnome-terminal's server is
 * activated from them), and a policy that allows everything.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function sessionBusConfig(scratchDir: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir=${scratchDir}</listen>
  <auth>EXTERNAL</auth>
  <standard_session_servicedirs/>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

/** Writes the configuration into the scratch folder; the dbus-run-session arguments that use it, before `--`. */
export function writeSessionBusConfig(scratchDir: string): string[] {
  const file = join(scratchDir, 'session-bus.conf');
  writeFileSync(file, sessionBusConfig(scratchDir));
  return [`--config-file=${file}`];
}
