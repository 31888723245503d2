import { infringingUrlText, resultUrls, selectedInOrder, toggleUrl, violationDescription } from './url-selection';

describe('result URL list', () => {
  it('splits a comma-separated url field, trims it and removes duplicates in order', () => {
    expect(resultUrls('https://a.example/1, https://b.example/2,https://a.example/1 ,, https://c.example/3')).toEqual([
      'https://a.example/1',
      'https://b.example/2',
      'https://c.example/3',
    ]);
  });

  it('reads a single URL and an empty field', () => {
    expect(resultUrls('https://a.example/1')).toEqual(['https://a.example/1']);
    expect(resultUrls('')).toEqual([]);
    expect(resultUrls(undefined)).toEqual([]);
  });
});

describe('URL selection', () => {
  const all = ['https://a.example/1', 'https://b.example/2', 'https://c.example/3'];

  it('fills the infringing URL field newline-joined in list order, whatever the ticking order', () => {
    let selected: Set<string> = new Set();
    selected = toggleUrl(selected, all[2]!, true);
    selected = toggleUrl(selected, all[0]!, true);
    expect(infringingUrlText(selectedInOrder(all, selected))).toBe('https://a.example/1\nhttps://c.example/3');
  });

  it('unticks without touching the previous set', () => {
    const before = new Set(all);
    const after = toggleUrl(before, all[1]!, false);
    expect([...after]).toEqual([all[0], all[2]]);
    expect(before.size).toBe(3);
  });

  it('is empty when everything is cleared', () => {
    expect(infringingUrlText(selectedInOrder(all, new Set()))).toBe('');
  });
});

describe('description rewrite', () => {
  it('states the work, the site and the selected count', () => {
    expect(violationDescription({ title: 'Sunset set', domain: 'copies.example', count: 3 })).toBe(
      'Unauthorized copies of the copyright owner\'s content ("Sunset set") found on copies.example (3 infringing URLs).',
    );
  });

  it('uses the singular for one URL and leaves out what is unknown', () => {
    expect(violationDescription({ count: 1 })).toBe("Unauthorized copies of the copyright owner's content (1 infringing URL).");
    expect(violationDescription({ title: ' ', domain: null, count: 0 })).toBe("Unauthorized copies of the copyright owner's content (0 infringing URLs).");
  });
});
