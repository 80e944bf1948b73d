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

let compiled: Promise<WasmModule> | undefined;

/** Path of the package's wasm file (the package exports it; package.json itself is not exported). */
export function ghosttyWasmPath(): string {
  return createRequire(import.meta.url).resolve(`${GHOSTTY_PACKAGE}/ghostty-vt.wasm`);
}

export function ghosttyPackageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(dirname(ghosttyWasmPath()), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function compileOnce(): Promise<WasmModule> {
  const pending = compiled ?? wasm.compile(readFileSync(ghosttyWasmPath()));
  compiled = pending;
  pending.catch(() => {
    if (compiled === pending) compiled = undefined;
  });
  return pending;
}

/**
 * A fresh engine. The wasm's only import is env.log (warnings such as
 * "unimplemented CSI"); they go to onLog when given, else nowhere.
 */
export async function loadGhostty(onLog?: (message: string) => void): Promise<Ghostty> {
  const module = await compileOnce();
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
  return new Ghostty(instance);
}
