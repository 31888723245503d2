/** The support inbox shown on the Help and Contact pages and quoted by the assistant (a fictional address). */
export const SUPPORT_EMAIL = 'support@vigil.example';
