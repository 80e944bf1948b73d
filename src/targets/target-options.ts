/**
 * Target-specific options (`--option key=value`): each target declares the keys
 * it accepts and their valid values; anything else fails with a message that
 * lists what is valid.
 */
export type OptionSpec = Record<string, readonly string[]>;

import { BadInputError } from '../util/bad-input-error.js';
export class TargetOptionError extends BadInputError {
  constructor(message: string) {
    super(message);
    this.name = 'TargetOptionError';
  }
}

export function validateTargetOptions(target: string, options: Record<string, string>, spec: OptionSpec): void {
  for (const [key, value] of Object.entries(options)) {
    const valid = spec[key];
    if (!valid) {
      const keys = Object.keys(spec);
      const hint = keys.length === 0 ? 'it takes no options' : `valid options: ${keys.join(', ')}`;
      throw new TargetOptionError(`target ${target} has no option "${key}"; ${hint}`);
    }
    if (!valid.includes(value)) {
      throw new TargetOptionError(`target ${target}: option ${key}="${value}" is not valid; use one of ${valid.join(', ')}`);
    }
  }
}
