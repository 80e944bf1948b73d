/**
 * Write a command's output to stdout. A reader that stops early (`| head`) closes
 * the pipe: that ends the command quietly instead of with an EPIPE stack trace.
 */
let guarded = false;

export function writeOut(text: string): void {
  if (!guarded) {
    guarded = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  process.stdout.write(text);
}
