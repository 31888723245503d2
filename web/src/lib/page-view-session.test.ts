import { randomSessionId, SESSION_ID_KEY, SESSION_IDLE_MS, sessionIdFrom } from './page-view-session';

/** A Map-backed stand-in with the two Storage methods the session id needs. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('page-view session id', () => {
  it('makes an id once per tab and reuses it while the tab stays active', () => {
    const storage = memoryStorage();
    let n = 0;
    const make = () => `id-${++n}`;
    const t0 = 1_000_000;
    expect(sessionIdFrom(storage, make, t0)).toBe('id-1');
    expect(sessionIdFrom(storage, make, t0 + SESSION_IDLE_MS)).toBe('id-1');
    expect(sessionIdFrom(storage, make, t0 + 2 * SESSION_IDLE_MS - 1)).toBe('id-1');
    expect(storage.map.get(SESSION_ID_KEY)).toBe('id-1');
  });

  it('starts a new session after 30 minutes without activity', () => {
    const storage = memoryStorage();
    let n = 0;
    const make = () => `id-${++n}`;
    expect(sessionIdFrom(storage, make, 0)).toBe('id-1');
    expect(sessionIdFrom(storage, make, SESSION_IDLE_MS + 1)).toBe('id-2');
  });

  it('still returns an id when storage throws or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(sessionIdFrom(broken, () => 'fresh')).toBe('fresh');
    expect(sessionIdFrom(undefined, () => 'fresh-2')).toBe('fresh-2');
  });

  it('makes ids the events API accepts', () => {
    const id = randomSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(randomSessionId()).not.toBe(id);
  });
});
