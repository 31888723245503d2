/** The support inbox shown on the Help and Contact pages and quoted by the assistant (a fictional address). */
export const SUPPORT_EMAIL = 'support@vigil.example';

/** Where a person goes when the help centre has no answer. */
export const HELP_PATH = '/help';
export const CONTACT_PATH = '/contact';
