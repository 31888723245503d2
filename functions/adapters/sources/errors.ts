/**
 * Errors of the source connectors. Names are literals so they survive bundling (the workflow matches on `name`).
 */

/** The source cannot run as configured (Reddit credentials missing outside the sandbox, an unknown site rule, a bad target). */
export class SourceConfigError extends Error {
  override name = 'SourceConfigError';
}

/**
 * Ends one source's run early, in words for the run's `stoppedBecause`. Thrown inside a connector and caught by
 * its run loop, never past `collect`.
 */
export class SourceStop extends Error {
  override name = 'SourceStop';
}
