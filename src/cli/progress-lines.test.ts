import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { createProgress, describeState } from './progress-lines.js';

test('without a terminal, one plain line per change of state, none per probe', () => {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  const progress = createProgress(['tmux', 'kitty'], { out: out as unknown as NodeJS.WriteStream });
  progress.update('tmux', { state: 'running' });
  progress.update('tmux', { state: 'running', done: 5, total: 10 });
  progress.update('kitty', { state: 'running' });
  progress.update('kitty', { state: 'failed', seconds: 5.004, reason: 'the terminal did not start its command within 10 s' });
  progress.update('tmux', { state: 'done', seconds: 1.5, detail: '→ results/tmux-3.3a.json' });
  progress.finish();
  expect(text).toBe(
    'tmux: running\nkitty: running\nkitty: failed after 5.00 s: the terminal did not start its command within 10 s\ntmux: done in 1.50 s → results/tmux-3.3a.json\n',
  );
});

test('states read as the issue asks: running / done in N s / failed: reason', () => {
  expect(describeState({ state: 'running', done: 3, total: 9 })).toBe('running 3/9');
  expect(describeState({ state: 'unavailable', reason: 'kitty is not on PATH (install: apt-get install kitty)' })).toBe('not available: kitty is not on PATH (install: apt-get install kitty)');
});
