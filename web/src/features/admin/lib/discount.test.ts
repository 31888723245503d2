import { parseDiscount } from './discount';

describe('discount input', () => {
  it('accepts numbers from 0 to 100 inclusive', () => {
    expect(parseDiscount('0')).toBe(0);
    expect(parseDiscount('100')).toBe(100);
    expect(parseDiscount(' 15 ')).toBe(15);
    expect(parseDiscount('12.5')).toBe(12.5);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '   ', '-1', '100.01', '101', 'abc', '10%', 'Infinity', 'NaN']) {
      expect({ bad, value: parseDiscount(bad) }).toEqual({ bad, value: null });
    }
  });
});
