/** `termprobe targets`: every registered target, whether it can run here, and what to install when not. */
import { loadTarget, TARGETS } from '../targets/registry.js';
import type { TargetFactory } from '../targets/target.js';
import { plural } from '../util/plural.js';

export interface TargetRow {
  name: string;
  kind: TargetFactory['kind'];
  available: boolean;
  reason?: string;
  install?: string;
  description: string;
}

export async function listTargets(): Promise<TargetRow[]> {
  return Promise.all(
    Object.keys(TARGETS).map(async (name) => {
      const factory = await loadTarget(name);
      const a = await factory.available().catch((error: unknown) => ({ ok: false as const, reason: `availability check failed: ${error instanceof Error ? error.message : String(error)}` }));
      const row: TargetRow = { name, kind: factory.kind, available: a.ok, description: factory.description };
      if (!a.ok) {
        row.reason = a.reason;
        if ('install' in a && a.install) row.install = a.install;
      }
      return row;
    }),
  );
}

export function formatTargets(rows: readonly TargetRow[]): string {
  const nameWidth = Math.max(6, ...rows.map((r) => r.name.length));
  const kindWidth = Math.max(4, ...rows.map((r) => r.kind.length));
  const lines = rows.map((r) => {
    const status = r.available ? 'available' : `not available: ${r.reason}${r.install ? ` → ${r.install}` : ''}`;
    return `${r.name.padEnd(nameWidth)}  ${r.kind.padEnd(kindWidth)}  ${status}`;
  });
  const inAll = rows.filter((r) => r.kind !== 'self');
  const ok = inAll.filter((r) => r.available).length;
  const own = rows.some((r) => r.kind === 'self') ? ' (your own terminal, kind self, runs only when named)' : '';
  return `${lines.join('\n')}\n\n${ok} of ${plural(inAll.length, 'target')} available here; \`termprobe run --target all\` runs them${own}.\n`;
}

export async function targetsCommand(opts: { json?: boolean }): Promise<void> {
  const rows = await listTargets();
  process.stdout.write(opts.json ? JSON.stringify(rows, null, 2) + '\n' : formatTargets(rows));
}
