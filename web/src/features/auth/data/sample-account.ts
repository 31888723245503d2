/**
 * A made-up account for trying Vigil on the local sign-in page: the first sign-in with an e-mail creates the
 * account (the password needs 8 or more characters), later ones check the password. It is public on purpose.
 */
export const SAMPLE_ACCOUNT = {
  fullName: 'Casey Demo',
  email: 'creator.demo@example.com',
  password: 'VigilDemo2025!',
} as const;
