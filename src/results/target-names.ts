/**
 * The registry's target names, as data: what a results file's target.id may be
 * for a registry target, and what a divergence entry may name. The site checks
 * the registry of divergences against these names without loading the target
 * registry (src/targets/registry.ts), whose test keeps the two lists equal.
 */
export const TARGET_NAMES = [
  'xterm.js', 'ghostty', 'self', 'tmux', 'screen',
  'xterm', 'urxvt', 'st', 'mlterm', 'kitty', 'alacritty', 'zutty', 'foot',
  'xfce4-terminal', 'lxterminal', 'sakura', 'gnome-terminal', 'tilix', 'terminator', 'konsole', 'qterminal', 'cool-retro-term', 'pterm', 'terminology',
  'mosh', 'neovim', 'vim', 'emacs', 'dvtm',
  'conpty',
] as const;
