/**
 * The exec broker's helper process (exec-broker.ts): runs each command it is sent with execFile and sends back how it
 * ended. It ends, and ends every command still running, when termprobe goes (its IPC channel closes).
 */
import { execFile, type ChildProcess } from 'node:child_process';
import type { BrokerReply, BrokerRequest } from './exec-broker.js';

const running = new Map<number, ChildProcess>();

process.on('message', (m: BrokerRequest) => {
  if ('kill' in m) {
    running.get(m.kill)?.kill('SIGKILL');
    return;
  }
  const child = execFile(m.file, m.args, { env: m.env, timeout: m.timeout, encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
    running.delete(m.id);
    const e = error as (Error & { code?: unknown; signal?: unknown; killed?: boolean }) | null;
    const reply: BrokerReply = {
      id: m.id,
      stdout: String(stdout),
      stderr: String(stderr),
      ...(e ? { error: { message: e.message, code: typeof e.code === 'number' || typeof e.code === 'string' ? e.code : null, signal: typeof e.signal === 'string' ? e.signal : null, killed: e.killed === true } } : {}),
    };
    process.send?.(reply);
  });
  running.set(m.id, child);
});

process.on('disconnect', () => {
  for (const child of running.values()) child.kill('SIGKILL');
  process.exit(0);
});
