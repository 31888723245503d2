import { NotFoundError } from '../../lib/errors';
import { AGENT_DEFAULTS } from '../notices/agent-identity';
import { isSearchEngine, submissionInfo } from './submission-info';

const work = {
  description: 'Photo set "Spring 2026"',
  originalUrl: 'https://creator.example.com/spring',
  infringingUrls: ['https://a.example/1', ' https://b.example/2', 'https://a.example/1'],
};
const value = (info: ReturnType<typeof submissionInfo>, key: string) => info.fields.find((f) => f.key === key)?.value;

describe('submissionInfo', () => {
  it.each([
    ['google', 'https://reportcontent.google.com/forms/dmca_search', 'Google Search'],
    ['bing', 'https://www.microsoft.com/en-us/concern/bing', 'Bing'],
    ['duckduckgo', 'https://duckduckgo.com/terms', 'DuckDuckGo'],
    ['other', 'https://dmca.copyright.gov/osp/', 'Other search engines and hosts'],
  ])('%s opens %s', (engine, url, name) => {
    const info = submissionInfo(engine, AGENT_DEFAULTS);
    expect(info).toMatchObject({ searchEngine: engine, submissionUrl: url, name });
    expect(info.instructions.length).toBeGreaterThan(1);
  });

  it('fills the assistant with the fixed values and the agent’s identity, never a creator field', () => {
    const info = submissionInfo('google', AGENT_DEFAULTS, work);
    expect(value(info, 'country')).toBe('United States');
    expect(value(info, 'copyrightHolder')).toBe('Myself');
    expect(value(info, 'fullName')).toBe(AGENT_DEFAULTS.name);
    expect(value(info, 'company')).toBe(AGENT_DEFAULTS.company);
    expect(value(info, 'email')).toBe('dmca-agent@example.com');
    expect(value(info, 'phone')).toBe(AGENT_DEFAULTS.phone);
    expect(value(info, 'address')).toBe('100 Example Avenue, Suite 400, Springfield, CA 90000, United States');
    expect(value(info, 'signature')).toBe(AGENT_DEFAULTS.signatureName);
    expect(value(info, 'description')).toBe('Photo set "Spring 2026"');
    expect(value(info, 'originalUrl')).toBe('https://creator.example.com/spring');
    expect(value(info, 'infringingUrls')).toBe('https://a.example/1\nhttps://b.example/2');
    expect(info.fields.every((f) => f.label && f.value)).toBe(true);
  });

  it('without a case gives only the agent fields', () => {
    const keys = submissionInfo('bing', AGENT_DEFAULTS).fields.map((f) => f.key);
    expect(keys).toEqual(['country', 'copyrightHolder', 'fullName', 'company', 'email', 'phone', 'address', 'signature']);
  });

  it('rejects an unknown engine', () => {
    expect(() => submissionInfo('yahoo', AGENT_DEFAULTS)).toThrow(NotFoundError);
    expect(isSearchEngine('google')).toBe(true);
    expect(isSearchEngine('toString')).toBe(false);
  });
});
