/**
 * The sandbox support inbox (a fictional address): the default of SUPPORT_EMAIL locally, and the token the help
 * texts (FAQ, guides) are written with. The site never shows it as such: it shows the deployment's `supportEmail`
 * from `GET /api/site-config`, put into the texts by `withSupportEmail`.
 */
export const SUPPORT_EMAIL = 'support@vigil.example';

/** A help text with the configured support inbox in place of the token (or a neutral phrase while unknown). */
export function withSupportEmail(text: string, supportEmail: string | undefined): string {
  return text.replaceAll(SUPPORT_EMAIL, supportEmail ?? 'our support team');
}
