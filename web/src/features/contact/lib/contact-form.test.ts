import { hasRequiredFields } from './contact-form';

describe('contact form rules', () => {
  const full = { name: 'Casey', email: 'casey@example.com', subject: '', message: 'Hello' };

  it('accepts a form with name, email and message; the subject is optional', () => {
    expect(hasRequiredFields(full)).toBe(true);
    expect(hasRequiredFields({ ...full, subject: 'Billing' })).toBe(true);
  });

  it.each(['name', 'email', 'message'] as const)('refuses a form whose %s is empty or blank', (field) => {
    expect(hasRequiredFields({ ...full, [field]: '' })).toBe(false);
    expect(hasRequiredFields({ ...full, [field]: '   ' })).toBe(false);
  });
});
