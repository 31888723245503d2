import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { startHarness, type Harness } from '../../../../test/harness';
import { putItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { mergeWithHistory, SAME_PICTURE_DISTANCE } from '../novelty';

/*
 * Fingerprint novelty (issue 11): a picture the monitor found before is not new at another address; a picture
 * farther than the matcher's threshold from every earlier one is. Runs mergeWithHistory on dynalite, storing
 * each run's merged items as Persist does.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** `hex` with `bits` of its 256 bits flipped (the first ones): a fingerprint at that Hamming distance. */
function flip(hex: string, bits: number): string {
  const bytes = Buffer.from(hex, 'hex');
  for (let i = 0; i < bits; i++) bytes[i >> 3]! ^= 1 << (i & 7);
  return bytes.toString('hex');
}

const item = (id: string, fingerprint: string) => ({ id, userId: 'U1', contentType: 'images', url: `https://leaks.example/${id}`, fingerprint });

async function persist(items: Record<string, unknown>[]) {
  for (const i of items) await putItem({ ...keys.entity('RESULT', i.id as string), ...i });
}

describe('fingerprint novelty', () => {
  it('does not count the same picture at a new address as new, but counts a different picture', async () => {
    const monitorId = ulid();
    const picture = randomBytes(32).toString('hex');
    const [first, sameElsewhere, different] = [ulid(), ulid(), ulid()];

    const run1 = await mergeWithHistory(monitorId, 'RUN1', [item(first, picture)], '2026-11-01T00:00:00.000Z');
    expect(run1.items.map((i) => i.isNew)).toEqual([true]);
    await persist(run1.items);

    const run2Items = [item(first, picture), item(sameElsewhere, flip(picture, SAME_PICTURE_DISTANCE)), item(different, flip(picture, SAME_PICTURE_DISTANCE + 1))];
    const run2 = await mergeWithHistory(monitorId, 'RUN2', run2Items, '2026-11-02T00:00:00.000Z');
    const isNew = (r: typeof run2, id: string) => r.items.find((i) => i.id === id)!.isNew;
    expect([isNew(run2, first), isNew(run2, sameElsewhere), isNew(run2, different)]).toEqual([false, false, true]);
    expect(run2).toMatchObject({ firstFound: 2, newCount: 1 });
    expect(run2.items.find((i) => i.id === sameElsewhere)).toMatchObject({ firstSeenAt: '2026-11-02T00:00:00.000Z', firstSearchId: 'RUN2' });

    // A retried persist of run 2 finds its own items and decides the same.
    await persist(run2.items);
    const retry = await mergeWithHistory(monitorId, 'RUN2', run2Items, '2026-11-02T00:00:05.000Z');
    expect([isNew(retry, first), isNew(retry, sameElsewhere), isNew(retry, different)]).toEqual([false, false, true]);
    expect(retry.newCount).toBe(1);

    // Another monitor has seen none of these pictures: for it the same copy is new.
    const other = await mergeWithHistory(ulid(), 'RUN3', [item(ulid(), picture)], '2026-11-03T00:00:00.000Z');
    expect(other.items[0]!.isNew).toBe(true);
  });
});
