/**
 * Output that may go to a reader who stops early (`| head`): a closed pipe ends
 * the output quietly instead of with an EPIPE stack trace. The guard is set once
 * for stdout and stderr by main(), so every command's writes are covered; the
 * command itself carries on (targets close, files are written) and exits as usual.
 */
let guarded = false;

function quiet(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    // After EPIPE the stream is destroyed: later writes fail too, and are dropped as well.
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

export function quietBrokenPipes(): void {
  if (guarded) return;
  guarded = true;
  quiet(process.stdout);
  quiet(process.stderr);
}

export function writeOut(text: string): void {
  quietBrokenPipes();
  process.stdout.write(text);
}
