/**
 * The shape of a probe's `style` expectation: "plain", or attribute words in the
 * order src/results/style-text.ts writes them (the schema checks the words, the
 * match is exact text).
 */
const WORD = '(bold|dim|italic|underline(:(double|curly|dotted|dashed))?|ul=[#a-z0-9-]+|blink|reverse|invisible|strikethrough|overline|fg=[#a-z0-9-]+|bg=[#a-z0-9-]+)';

export const STYLE_TEXT = new RegExp(`^(plain|${WORD}( ${WORD})*)$`);
