/**
 * Base of every error that means "the input was wrong" (a malformed probe or
 * results file, an unknown name, a bad option): the CLI exits 2 with its
 * one-line message and no stack trace. A class of its own, with no imports, so
 * the CLI's error boundary loads nothing heavy to recognise these errors.
 */
export class BadInputError extends Error {}
