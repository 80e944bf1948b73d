/**
 * Screen readback for rxvt-unicode: a small perl extension, loaded from the
 * scratch dir with -perl-lib/-pe, writes every cell of the screen to a file when
 * it sees `OSC 777 ; termprobe-dump ; PATH ST` (any other OSC 777 passes on).
 * One line per row, cells separated by U+001F, '' for the right half of a wide
 * character. Text only: renditions are not decoded.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFolders } from '../../util/make-folders.js';
import { ScreenReadError } from './gui-screen-read.js';

export const URXVT_EXTENSION = 'termprobe-screen';

const SOURCE = `#! perl
# termprobe: on OSC 777;termprobe-dump;PATH write the screen's cells to PATH.
sub on_osc_seq_perl {
   my ($self, $osc, $resp) = @_;
   return () unless $osc =~ /^termprobe-dump;(.+)$/s;
   open my $fh, '>:encoding(UTF-8)', $1 or return 1;
   for my $row (0 .. $self->nrow - 1) {
      my @cells = map { $_ eq "\\x{ffff}" ? '' : $self->special_decode($_) } split //, $self->ROW_t($row);
      print $fh join("\\x{1f}", @cells), "\\n";
   }
   close $fh;
   1
}
`;

/** Write the extension into dir/perl; returns the -perl-lib directory. */
export function installUrxvtExtension(dir: string): string {
  const lib = join(dir, 'perl');
  makeFolders(lib);
  writeFileSync(join(lib, URXVT_EXTENSION), SOURCE);
  return lib;
}

export function urxvtDumpRequest(path: string): string {
  return `\x1b]777;termprobe-dump;${path}\x1b\\`;
}

/**
 * The dump's rows as cell texts; removes the file. None there (a run of all 28 targets eight at a time once found
 * none after the DA1 that followed the request) is a ScreenReadError: that probe's screen is not read, the run goes on.
 */
export function readUrxvtDump(path: string): string[][] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ScreenReadError(`urxvt wrote no screen dump ${path} before it answered the DA1 after the request (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  rmSync(path, { force: true });
  return text.replace(/\n$/, '').split('\n').map((row) => row.split('\x1f'));
}
