/**
 * The few lines each host program loads at its start so it can tell termprobe
 * what its terminal shows (host-view-channel.ts: connect, say "hello", answer
 * each numbered request with the number, a tab and JSON), and the reading of
 * those answers into screen rows.
 *
 * - Neovim 0.7 (Lua): the terminal buffer's last `rows` lines. Neovim copies
 *   libvterm's screen into the buffer on a timer of REFRESH_DELAY = 10 ms,
 *   started when libvterm reports damage (src/nvim/terminal.c at v0.7.2:
 *   invalidate_terminal, refresh_timer_cb), so a buffer read straight after
 *   the probe's reply is stale (measured: 199 reads of 200). The answer is
 *   therefore taken from a timer of the same delay started when the request
 *   arrives, after the reply: libuv runs timers in order of due time, then of
 *   start, so the refresh runs first, and the answer is queued behind it.
 *   Text only: a wide character is one character of the line, so columns are
 *   counted by display width.
 * - Vim 9.0: term_scrape() reads libvterm's cells directly, each with its
 *   width; Vim feeds libvterm before the reply it causes is written, so no
 *   wait is needed. Its colours come only as #rrggbb (measured: SGR 30,
 *   38;5;16 and 38;2;0;0;0 give the same "#000000", the default too), so the
 *   cells' styles are not recorded.
 * - Emacs 28 term.el: the buffer from term-home-marker, `term-height` lines,
 *   each character with its char-width. term.el writes the buffer while it
 *   parses, in the same process filter that sends its CPR replies, so it is
 *   current once the reply is back.
 */

/** A Lua string literal (Lua 5.1 has no \u escapes: control characters as \ddd). */
function luaString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\x00-\x1f\x7f]/g, (c) => `\\${c.charCodeAt(0)}`)}"`;
}

/** A Vim single-quoted string (only ' needs doubling). */
function vimString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** An Emacs Lisp string literal. */
function lispString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function neovimScript(socket: string, rows: number): string {
  return `-- termprobe: answers screen requests with the terminal buffer's last lines
local uv = vim.loop
local rows = ${rows}
local function terminal_buffer()
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_option(b, 'buftype') == 'terminal' then return b end
  end
end
local pipe = uv.new_pipe(false)
pipe:connect(${luaString(socket)}, function(err)
  if err then return end
  pipe:write('hello\\n')
  local pending = ''
  pipe:read_start(function(rerr, data)
    if rerr or not data then pipe:close() return end
    pending = pending .. data
    while true do
      local nl = pending:find('\\n', 1, true)
      if not nl then break end
      local id = pending:sub(1, nl - 1)
      pending = pending:sub(nl + 1)
      local timer = uv.new_timer()
      timer:start(10, 0, function()
        timer:close()
        vim.schedule(function()
          local ok, answer = pcall(function()
            local b = terminal_buffer()
            local n = vim.api.nvim_buf_line_count(b)
            return vim.fn.json_encode({ lines = vim.api.nvim_buf_get_lines(b, math.max(0, n - rows), n, false) })
          end)
          if not ok then answer = vim.fn.json_encode({ error = tostring(answer) }) end
          pipe:write(id .. '\\t' .. answer .. '\\n')
        end)
      end)
    end
  end)
end)
`;
}

export function vimScript(socket: string, rows: number): string {
  return `" termprobe: answers screen requests with term_scrape() of the terminal, each cell's text and width
function! s:Answer(channel, msg) abort
  try
    let buf = term_list()[0]
    let lines = []
    for r in range(1, ${rows})
      call add(lines, map(term_scrape(buf, r), {_, c -> [c.chars, c.width]}))
    endfor
    let answer = json_encode({'cells': lines})
  catch
    let answer = json_encode({'error': v:exception})
  endtry
  call ch_sendraw(a:channel, a:msg . "\\t" . answer . "\\n")
endfunction
let s:channel = ch_open(${vimString(`unix:${socket}`)}, {'mode': 'nl', 'callback': function('s:Answer')})
call ch_sendraw(s:channel, "hello\\n")
`;
}

export function emacsScript(socket: string): string {
  return `;; termprobe: answers screen requests with term.el's screen lines, each character with its width  -*- lexical-binding: t -*-
(require 'json)
(defun termprobe--screen ()
  (with-current-buffer "*termprobe*"
    (save-excursion
      (goto-char term-home-marker)
      (let ((rows nil) (more t))
        (dotimes (_ term-height)
          (let ((cells nil))
            (when more
              (let ((end (line-end-position)))
                (while (< (point) end)
                  (let ((c (char-after)))
                    (push (vector (string c) (char-width c)) cells))
                  (forward-char 1)))
              (setq more (and (= 0 (forward-line 1)) (not (eobp)))))
            (push (vconcat (nreverse cells)) rows)))
        (json-encode (list (cons 'cells (vconcat (nreverse rows)))))))))
(let ((pending ""))
  (process-send-string
   (make-network-process
    :name "termprobe-screen" :family 'local :service ${lispString(socket)} :noquery t :coding 'utf-8
    :filter (lambda (proc string)
              (setq pending (concat pending string))
              (while (string-match "\\n" pending)
                (let ((id (substring pending 0 (match-beginning 0))))
                  (setq pending (substring pending (match-end 0)))
                  (process-send-string
                   proc (concat id "\\t" (condition-case err (termprobe--screen)
                                           (error (json-encode (list (cons 'error (format "%S" err))))))
                                "\\n"))))))
   "hello\\n"))
`;
}

/** Screen rows from an answer: text rows (columns by display width) or cells ('' after a wide character). */
export type ViewRows = { text: string[] } | { grid: string[][] };

/** Read a host's JSON answer; throws a plain Error with the host's own message when it reported one. */
export function viewRows(json: string): ViewRows {
  const answer = JSON.parse(json) as { lines?: unknown; cells?: unknown; error?: unknown };
  if (typeof answer.error === 'string') throw new Error(answer.error);
  if (Array.isArray(answer.lines)) return { text: answer.lines.map((l) => (typeof l === 'string' ? l : '')) };
  if (Array.isArray(answer.cells)) {
    return {
      grid: answer.cells.map((row) => {
        const out: string[] = [];
        for (const cell of Array.isArray(row) ? row : []) {
          const [text, width] = Array.isArray(cell) ? cell : [];
          const t = typeof text === 'string' ? text : '';
          const w = typeof width === 'number' ? width : 1;
          // A character of width 0 (a combining mark in term.el's buffer) joins the cell before it.
          if (w === 0 && out.length > 0) out[out.length - 1] += t;
          else out.push(t === '' ? ' ' : t, ...new Array<string>(Math.max(0, w - 1)).fill(''));
        }
        return out;
      }),
    };
  }
  throw new Error(`an answer with neither lines nor cells: ${json.slice(0, 80)}`);
}
