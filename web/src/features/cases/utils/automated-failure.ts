/**
 * The description of the 'Automated Submission Failed' toast (PRODUCT.md section 8): the server's reason, then the
 * manual PDF method as the way forward.
 */
export function automatedFailureText(reason: string | null | undefined): string {
  const trimmed = reason?.trim();
  // End the reason with a full stop so the suggestion reads as its own sentence.
  const why = trimmed ? (/[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`) : 'The notice could not be submitted automatically.';
  return `${why} You can still use the manual method: generate the PDF and file it through the search engine's form.`;
}
