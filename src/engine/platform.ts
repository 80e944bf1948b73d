/**
 * The platform a run was made on, as results rows name it: (terminal, version,
 * platform). `os` is the row's platform ("linux", "macos", "windows", or
 * Node's own name for others); `release` says which system (the Linux
 * distribution and its version, or the kernel release elsewhere); `arch` the
 * processor. Nothing here names the machine or its owner.
 */
import { readFileSync } from 'node:fs';
import { arch, release } from 'node:os';
import type { Platform } from '../results/results-schema.js';

const OS_NAMES: Record<string, string> = { darwin: 'macos', win32: 'windows' };

export function platformName(nodePlatform: string): string {
  return OS_NAMES[nodePlatform] ?? nodePlatform;
}

/** "Debian GNU/Linux 12" from /etc/os-release (NAME and VERSION_ID), when there is one. */
export function linuxRelease(osRelease: string): string | undefined {
  const field = (k: string) => new RegExp(`^${k}=("?)(.*)\\1$`, 'm').exec(osRelease)?.[2];
  const name = field('NAME');
  if (!name) return undefined;
  const version = field('VERSION_ID');
  return version ? `${name} ${version}` : name;
}

let cached: Platform | undefined;

export function currentPlatform(): Platform {
  if (cached) return cached;
  let rel: string | undefined;
  if (process.platform === 'linux') {
    try {
      rel = linuxRelease(readFileSync('/etc/os-release', 'utf8'));
    } catch {
      rel = undefined;
    }
  }
  rel ??= `${process.platform} ${release()}`;
  cached = { os: platformName(process.platform), release: rel, arch: arch() };
  return cached;
}
