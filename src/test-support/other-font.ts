/**
 * A fontconfig file for a GUI terminal's scratch HOME (`.config/fontconfig/fonts.conf`): every family fontconfig is
 * asked for resolves to Inconsolata at 18 pt, a cell unlike DejaVu Sans Mono's at 10. Nothing is installed:
 * Inconsolata is among the fonts already on the machine.
 */
export const OTHER_FONT_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <match target="pattern"><edit name="family" mode="prepend" binding="strong"><string>Inconsolata</string></edit></match>
  <match target="pattern"><edit name="size" mode="assign" binding="strong"><double>18</double></edit></match>
  <match target="pattern"><edit name="pixelsize" mode="assign" binding="strong"><double>24</double></edit></match>
</fontconfig>
`;

/** The scratch HOME's files that give a terminal that font. */
export const OTHER_FONT_HOME = { '.config/fontconfig/fonts.conf': OTHER_FONT_CONF };
