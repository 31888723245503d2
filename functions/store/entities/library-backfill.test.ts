import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as backfill from './library-backfill';

const mark: backfill.LibraryBackfillRecord = { userId: 'u1', added: 3, leftOut: 0, doneAt: '2026-11-28T00:00:00.000Z' };

describe('library backfill mark', () => {
  it("lives in the owner's partition, outside the library's LIBREF# listing, and reads back", () => {
    const item = backfill.toItem(mark);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'LIBREF_BACKFILL', entity: 'LIBRARY_BACKFILL', v: 1 });
    expect((item.sk as string).startsWith('LIBREF#')).toBe(false);
    expect(backfill.fromItem(item)).toEqual(mark);
  });

  it('is written once: a second pass finds it recorded', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await backfill.markDone(mark)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { pk: 'USER#u1', sk: 'LIBREF_BACKFILL' }, ConditionExpression: expect.stringMatching(/attribute_not_exists/) });
    store.stop();
  });

  it('reads nothing as not done', async () => {
    const store = recordStore(() => ({}));
    expect(await backfill.get('u1')).toBeUndefined();
    expect(store.commands[0]!.input).toMatchObject({ Key: { pk: 'USER#u1', sk: 'LIBREF_BACKFILL' } });
    store.stop();
  });
});
