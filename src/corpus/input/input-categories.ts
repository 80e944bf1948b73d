/** The corpus's categories of input probes (the site's input section lists them; a category holding input probes is one anyway). */
export const INPUT_CATEGORIES = ['keys-legacy', 'keys-modifiers', 'keys-keypad', 'kitty-keyboard-events', 'modify-other-keys', 'mouse-tracking', 'mouse-encodings', 'paste-and-focus'] as const;
