import { lambdaFunctions } from './functions';

describe('lambdaFunctions', () => {
  const specs = lambdaFunctions();

  it('lists every API area and every workflow task once', () => {
    const names = specs.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['system', 'cases', 'Fingerprint', 'QueryEngine', 'SendNotice', 'Recheck']));
  });

  it.each(specs.map((s) => [s.name, s.entry] as const))('%s: its entry %s exports the Lambda handler', async (_name, entry) => {
    const mod = (await import(`../../${entry}`)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });
});
