/**
 * Replies as terminals send them, for every query form, and the value each
 * gives: the table query-answers.test.ts feeds through the real reply parser
 * (whole, byte by byte, split at every index) and the queries' own matching.
 * `source` says where each reply comes from (a measurement or a spec).
 */

export interface QueryAnswerFixture {
  /** One query of each form (query-names.ts); every form has at least one fixture. */
  query: string;
  source: string;
  /** The terminal's replies to that query, then the DA1 sentinel. */
  replies: string;
  /** The recorded value; undefined when no reply answers the query. */
  value: string | undefined;
}

const DA1 = '\x1b[?1;2c';

export const QUERY_ANSWER_FIXTURES: readonly QueryAnswerFixture[] = [
  { query: 'cursor', source: 'ECMA-48 CPR', replies: `\x1b[5;7R${DA1}`, value: '5;7' },
  { query: 'decxcpr', source: 'DEC STD 070 DECXCPR', replies: `\x1b[?5;7;1R${DA1}`, value: '5;7;1' },
  { query: 'da1', source: 'measured: xterm 379', replies: '\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c', value: '64;1;2;6;9;15;16;17;18;21;22;28' },
  { query: 'da2', source: 'tmux input.c', replies: `\x1b[>84;0;0c${DA1}`, value: '84;0;0' },
  { query: 'da3', source: 'xterm ctlseqs DECRPTUI', replies: `\x1bP!|00000000\x1b\\${DA1}`, value: '00000000' },
  { query: 'xtversion', source: 'measured: kitty 0.26.5', replies: `\x1bP>|kitty(0.26.5)\x1b\\${DA1}`, value: 'kitty(0.26.5)' },
  { query: 'dsr', source: 'ECMA-48 DSR', replies: `\x1b[0n${DA1}`, value: '0' },
  { query: 'dsr:?996', source: 'contour colour-scheme report', replies: `\x1b[?997;1n${DA1}`, value: '997;1' },
  { query: 'decrqm:?2026', source: 'DEC STD 070 DECRPM', replies: `\x1b[?2026;2$y${DA1}`, value: '2' },
  { query: 'decrqss:m', source: 'xterm ctlseqs DECRQSS', replies: `\x1bP1$r0;1;4m\x1b\\${DA1}`, value: '1$r0;1;4m' },
  { query: 'osc:10', source: 'measured: kitty 0.26.5', replies: `\x1b]10;rgb:dddd/dddd/dddd\x1b\\${DA1}`, value: '#dddddd' },
  { query: 'osc-bel:10', source: 'measured: xterm 379 answers a BEL query with BEL', replies: `\x1b]10;rgb:0000/0000/0000\x07${DA1}`, value: '#000000' },
  { query: 'osc-bel:10', source: 'measured: mlterm 3.9.0 answers a BEL query with ST', replies: `\x1b]10;rgb:0000/0000/0000\x1b\\${DA1}`, value: '#000000' },
  { query: 'osc4:1', source: 'measured: urxvt 9.30 ends its reply with a lone ESC', replies: `\x1b]4;1;rgb:cdcd/0000/0000\x1b${DA1}`, value: '#cd0000' },
  { query: 'osc4:1,2', source: 'measured: xterm 379, one reply per index', replies: `\x1b]4;1;rgb:cdcd/0000/0000\x1b\\\x1b]4;2;rgb:0000/cdcd/0000\x1b\\${DA1}`, value: '#cd0000 #00cd00' },
  { query: 'osc4:1,2', source: 'measured: urxvt 9.30, one reply per index, each ended by a lone ESC', replies: `\x1b]4;1;rgb:cdcd/0000/0000\x1b\x1b]4;2;rgb:0000/cdcd/0000\x1b${DA1}`, value: '#cd0000 #00cd00' },
  { query: 'osc4:1,2,3', source: 'xterm ctlseqs OSC 4 (several pairs in one reply); the third left unanswered', replies: `\x1b]4;1;rgb:cdcd/0000/0000;2;rgb:0000/cdcd/0000\x1b\\${DA1}`, value: '#cd0000 #00cd00 none' },
  { query: 'osc4-bel:1', source: 'measured: urxvt 9.30 answers a BEL query with BEL', replies: `\x1b]4;1;rgb:cdcd/0000/0000\x07${DA1}`, value: '#cd0000' },
  { query: 'xtwinops:21', source: 'measured: GNU screen 4.09.00', replies: `\x1b]lsh\x1b\\${DA1}`, value: 'sh' },
  { query: 'xtgettcap:544E', source: 'measured: mlterm 3.9.0', replies: `\x1bP1+r544E=6D6C7465726D\x1b\\${DA1}`, value: '1=mlterm' },
  { query: 'xtgettcap:524742', source: 'measured: mlterm 3.9.0 fails naming nothing', replies: `\x1bP0+r\x1b\\${DA1}`, value: '0' },
  { query: 'xtgettcap:544E;436F', source: 'measured: kitty 0.26.5, one string per name', replies: `\x1bP1+r544E=787465726d2d6b69747479\x1b\\\x1bP1+r436F=323536\x1b\\${DA1}`, value: '1=xterm-kitty 1=256' },
  { query: 'xtgettcap:544E;436F', source: 'measured: xterm 379 with allowTcapOps, pairs ;-joined', replies: `\x1bP1+r544E=787465726D;436F=323536\x1b\\${DA1}`, value: '1=xterm 1=256' },
  { query: 'xtgettcap:544E;436F', source: 'measured: mlterm 3.9.0, one failure for the request', replies: `\x1bP0+r\x1b\\${DA1}`, value: '0' },
  { query: 'xtgettcap:544E;78797A;436F', source: 'measured: xterm 379 with allowTcapOps stops at the unknown name', replies: `\x1bP1+r544E=787465726D;\x1b\\${DA1}`, value: '1=xterm 0 none' },
  { query: 'xtgettcap:544E;78797A;436F', source: 'measured: kitty 0.26.5', replies: `\x1bP1+r544E=787465726d2d6b69747479\x1b\\\x1bP0+r78797A\x1b\\\x1bP1+r436F=323536\x1b\\${DA1}`, value: '1=xterm-kitty 0 1=256' },
  { query: 'kitty-keyboard', source: 'kitty keyboard protocol', replies: `\x1b[?5u${DA1}`, value: '5' },
  { query: 'kitty-graphics', source: 'measured: kitty 0.26.5', replies: `\x1b_Gi=31;OK\x1b\\${DA1}`, value: 'OK' },
  { query: 'kitty-graphics:i=33,a=q,t=d,f=99;AAAA', source: 'measured: kitty 0.26.5', replies: `\x1b_Gi=33;EINVAL:Unknown image format: 99\x1b\\${DA1}`, value: 'EINVAL:Unknown image format: 99' },
  { query: 'kitty-graphics:i=33,a=q,t=d,f=99;AAAA', source: 'another image id answers another query', replies: `\x1b_Gi=31;OK\x1b\\${DA1}`, value: undefined },
  { query: 'xtsmgraphics:2;1', source: 'measured: mlterm 3.9.0 answers item 1 to an item-2 query', replies: `\x1b[?1;3;0S${DA1}`, value: 'item 1: 3;0' },
  { query: 'xtsmgraphics:1;1', source: 'xterm ctlseqs XTSMGRAPHICS', replies: `\x1b[?1;0;1024S${DA1}`, value: '0;1024' },
  { query: 'deccir', source: 'measured: xterm 379', replies: `\x1bP1$u1;1;1;@;@;@;0;2;O;BBBB\x1b\\${DA1}`, value: '1;1;1;@;@;@;0;2;O;BBBB' },
  { query: 'dectabsr', source: 'VT510 DECTABSR', replies: `\x1bP2$u9/17\x1b\\${DA1}`, value: '9/17' },
  { query: 'decrqcra:1;1;1;5', source: 'measured: xterm 379 (default checksumExtension) over ABCDE', replies: `\x1bP1!~FEB1\x1b\\${DA1}`, value: 'FEB1' },
  { query: 'decrqcra:8;0;5;1;5;5', source: 'measured: mlterm 3.9.0, page 0', replies: `\x1bP8!~0000\x1b\\${DA1}`, value: '0000' },
  { query: 'decrqcra:8;0;5;1;5;5', source: 'a checksum for another request id', replies: `\x1bP7!~0000\x1b\\${DA1}`, value: undefined },
  { query: 'c1-form', source: 'xterm ctlseqs S8C1T', replies: `\u009b0n${DA1}`, value: '8-bit' },
];
