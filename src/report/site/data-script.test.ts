/** The site's data scripts (features-overview.ts dataScript) give back the data they were made from, run as a browser runs them. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { dataScript, jsonLiteral } from './features-overview.js';

describe('data scripts', () => {
  it('give back the data, whatever quotes, backslashes and line separators its strings hold', () => {
    const data = { a: ['it\'s', 'say "hi"', 'C:\\path\\', '\\u0041 stays six characters', 'line\u2028sep\u2029para', '\n\r\t', '</script>'], n: [1, 2.5, null, true] };
    const window: Record<string, unknown> = {};
    runInNewContext(dataScript('termprobeTest', data, 'a test'), { window });
    expect(window.termprobeTest).toEqual(data);
  });

  it('spends no backslash on the JSON’s own double quotes', () => {
    expect(jsonLiteral({ k: 'v' })).toBe(`'{"k":"v"}'`);
  });
});
