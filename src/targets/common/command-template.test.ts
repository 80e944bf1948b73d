import { describe, expect, test } from 'vitest';
import { CommandTemplateError, expandWords, splitWords } from './command-template.js';

const where = '--target "x11:…"';
const expand = (text: string) => expandWords(splitWords(text, where), { argv: ['/bin/sh', '/tmp/r/relay.sh'], command: "/bin/sh '/tmp/r/relay.sh'", cols: 80, rows: 24 });

describe('command templates', () => {
  test('{command} alone is the program and its arguments; in a quoted word, one shell command line', () => {
    expect(expand('xterm -geometry {cols}x{rows} -e {command}')).toEqual(['xterm', '-geometry', '80x24', '-e', '/bin/sh', '/tmp/r/relay.sh']);
    expect(expand('lxterminal -e "{command}"')).toEqual(['lxterminal', '-e', "/bin/sh '/tmp/r/relay.sh'"]);
    expect(expand("st -e sh -c 'exec {command}'")).toEqual(['st', '-e', 'sh', '-c', "exec /bin/sh '/tmp/r/relay.sh'"]);
  });

  test('quotes and backslashes split as a shell splits them', () => {
    expect(expand(`a 'b c' "d \\"e\\"" f\\ g {command}`)).toEqual(['a', 'b c', 'd "e"', 'f g', '/bin/sh', '/tmp/r/relay.sh']);
    expect(expand(`xterm -xrm 'XTerm*checksumExtension: -1' -e {command}`)[2]).toBe('XTerm*checksumExtension: -1');
  });

  test('malformed templates fail with the place named', () => {
    expect(() => splitWords("xterm -e 'x", where)).toThrow(/unterminated ' at column 10/);
    expect(() => splitWords('xterm -e "x', where)).toThrow(/unterminated " at column 10/);
    expect(() => splitWords('xterm; rm', where)).toThrow(/";" at column 6 is shell syntax/);
    expect(() => splitWords('xterm -e {cmd}', where)).toThrow(/unknown placeholder \{cmd\}/);
    expect(() => splitWords('   ', where)).toThrow(CommandTemplateError);
  });
});
