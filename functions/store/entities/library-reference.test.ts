import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as library from './library-reference';

const file: library.LibraryReferenceRecord = {
  id: '01LIB',
  userId: 'u1',
  key: 'references/u1/library/01LIB.jpg',
  filename: 'beach.jpg',
  mediaType: 'image/jpeg',
  kind: 'image',
  size: 1234,
  title: 'Beach set',
  publishedOn: null,
  createdAt: '2026-11-28T00:00:00.000Z',
};

describe('library reference entity', () => {
  it("lives in the owner's partition and reads back", () => {
    const item = library.toItem(file);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'LIBREF#01LIB', entity: 'LIBRARY_REFERENCE', v: 1 });
    expect(library.fromItem(item)).toEqual(file);
    // Items written without a date read it as null.
    const { publishedOn: _p, ...older } = item;
    expect(library.fromItem(older).publishedOn).toBeNull();
  });

  it('lists the library newest first by the sort-key prefix', async () => {
    const store = recordStore(() => ({ Items: [library.toItem(file)] }));
    expect(await library.list('u1', 200)).toEqual([file]);
    expect(store.commands[0]!.input).toMatchObject({ KeyConditionExpression: '#k0 = :k0 AND begins_with(#k1, :k1)', ExpressionAttributeValues: { ':k0': 'USER#u1', ':k1': 'LIBREF#' }, ScanIndexForward: false });
    store.stop();
  });

  it('writes once, and changes or deletes only an existing file', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await library.create(file)).toBe(false);
    expect(await library.update('u1', '01LIB', { title: 'New' })).toBeUndefined();
    expect(await library.remove('u1', '01LIB')).toBe(false);
    for (const c of store.commands) expect(c.input).toMatchObject({ ConditionExpression: expect.stringMatching(/attribute_(not_)?exists/) });
    expect(store.commands[1]!.input).toMatchObject({ Key: { pk: 'USER#u1', sk: 'LIBREF#01LIB' } });
    store.stop();
  });
});
