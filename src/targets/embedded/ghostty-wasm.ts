/**
 * Loading Ghostty's VT engine (ghostty-web's ghostty-vt.wasm) in Node, without
 * a DOM: the module is compiled once per process, and every session gets its
 * own instance (its own memory), so sessions never share terminal state.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ghostty } from 'ghostty-web';

export const GHOSTTY_PACKAGE = 'ghostty-web';

/** The little of Node's global WebAssembly used here (lib es2023 without DOM does not type it). */
interface WasmModule {
  readonly kind?: never;
}
interface WasmInstance {
  exports: Record<string, unknown>;
}
interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule, imports: Record<string, Record<string, unknown>>): Promise<WasmInstance>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;


/** Path of the package's wasm file (the package exports it; package.json itself is not exported). `pkg`: an earlier release under its npm alias. */
export function ghosttyWasmPath(pkg = GHOSTTY_PACKAGE): string {
  return createRequire(import.meta.url).resolve(`${pkg}/ghostty-vt.wasm`);
}

export function ghosttyPackageVersion(pkg = GHOSTTY_PACKAGE): string {
  const manifest = JSON.parse(readFileSync(join(dirname(ghosttyWasmPath(pkg)), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** The functions a release's wasm exports (read from the module, without instantiating it). */
export async function ghosttyWasmExports(pkg = GHOSTTY_PACKAGE): Promise<string[]> {
  const api = (globalThis as unknown as { WebAssembly: WasmApi & { Module: { exports(m: WasmModule): { name: string }[] } } }).WebAssembly;
  const module = await api.compile(readFileSync(ghosttyWasmPath(pkg)));
  return api.Module.exports(module).map((e) => e.name);
}

const compiledByPackage = new Map<string, Promise<WasmModule>>();

function compileOnce(pkg: string): Promise<WasmModule> {
  const pending = compiledByPackage.get(pkg) ?? wasm.compile(readFileSync(ghosttyWasmPath(pkg)));
  compiledByPackage.set(pkg, pending);
  pending.catch(() => {
    if (compiledByPackage.get(pkg) === pending) compiledByPackage.delete(pkg);
  });
  return pending;
}

/**
 * A fresh engine. The wasm's only import is env.log (warnings such as
 * "unimplemented CSI"); they go to onLog when given, else nowhere. `pkg`: an
 * earlier release installed under an npm alias (its own wasm and its own API class).
 */
export async function loadGhostty(onLog?: (message: string) => void, pkg = GHOSTTY_PACKAGE): Promise<Ghostty> {
  const module = await compileOnce(pkg);
  let memory: { buffer: ArrayBuffer } | undefined;
  const decoder = new TextDecoder();
  const instance = await wasm.instantiate(module, {
    env: {
      log: (ptr: number, len: number) => {
        if (onLog && memory) onLog(decoder.decode(new Uint8Array(memory.buffer, ptr, len)));
      },
    },
  });
  memory = instance.exports['memory'] as { buffer: ArrayBuffer };
  const Api = pkg === GHOSTTY_PACKAGE ? Ghostty : ((await import(pkg)) as { Ghostty: typeof Ghostty }).Ghostty;
  return new Api(instance);
}
