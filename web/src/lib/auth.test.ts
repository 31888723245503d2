import { fullName, initialOf } from './auth';

describe('user display helpers', () => {
  it('joins first and last name and leaves out what is missing', () => {
    expect(fullName({ firstName: 'Casey', lastName: 'Demo' })).toBe('Casey Demo');
    expect(fullName({ firstName: 'Casey', lastName: null })).toBe('Casey');
    expect(fullName({ firstName: null, lastName: null })).toBeUndefined();
  });

  it('takes the avatar letter from firstName, then email, else none (the user icon)', () => {
    expect(initialOf({ firstName: 'casey', email: 'x@example.com' })).toBe('C');
    expect(initialOf({ firstName: null, email: 'morgan@example.com' })).toBe('M');
    expect(initialOf({ firstName: '  ', email: '' })).toBeUndefined();
  });
});
