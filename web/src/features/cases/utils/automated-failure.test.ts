import { automatedFailureText } from './automated-failure';

describe('automated submission failure text', () => {
  it('gives the server reason and suggests the manual PDF method', () => {
    expect(automatedFailureText('No abuse contact was found for copies.example')).toBe(
      "No abuse contact was found for copies.example. You can still use the manual method: generate the PDF and file it through the search engine's form.",
    );
  });

  it('keeps a reason that already ends a sentence', () => {
    expect(automatedFailureText('Upgrade required!')).toMatch(/^Upgrade required! You can still/);
  });

  it('has a reason of its own when the server gave none', () => {
    expect(automatedFailureText(null)).toMatch(/^The notice could not be submitted automatically\. You can still use the manual method/);
    expect(automatedFailureText('  ')).toMatch(/^The notice could not be submitted automatically\./);
  });
});
