import sharp from 'sharp';
import { contract } from '../../../../shared/contract';
import { ulid } from 'ulid';
import { aResult, monitor, reviewedResult, scanWithResults, user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { getObject, putObject } from '../../../adapters/s3';
import * as backfillStore from '../../../store/entities/library-backfill';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { describeCase } from '../../../services/cases/bulk-case';
import * as libraryStore from '../../../store/entities/library-reference';
import * as results from '../../../store/entities/result';

/*
 * The reference library (issue 26): files uploaded once, with a title and a publication date, reused by monitors
 * (and scans, through the same request parser); a file a monitor uses cannot be deleted; a deletion removes the
 * stored object too; notices describe the work by the library's title and date. Anonymous, owner, another user
 * and bad input on every route.
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let picture: Buffer;

beforeAll(async () => {
  h = await startHarness({ s3: true });
  owner = await user({ email: 'library-owner@library.test', plan: 'pro' });
  other = await user({ email: 'library-other@library.test', plan: 'pro' });
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } }).jpeg().toBuffer();
});
afterAll(() => h.close());

const upload = async (as: TestUser | 'anonymous', fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[], id = 'me') =>
  call(contract.addLibrary, { as, params: { id }, ...(await multipart(fields, files)) });

describe('reference library', () => {
  it('adds files with a title and date, lists them to the owner only, and refuses bad input', async () => {
    expect((await upload('anonymous', {}, [{ name: 'a.jpg', bytes: picture, type: 'image/jpeg' }])).status).toBe(401);
    expect((await call(contract.listLibrary, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);

    const added = await upload(owner, { title: 'Beach set, photo 4', publishedOn: '2026-03-14' }, [{ name: 'beach-04.jpg', bytes: picture, type: 'image/jpeg' }]);
    expect(added.status).toBe(201);
    expect(added.body).toEqual([
      expect.objectContaining({ title: 'Beach set, photo 4', publishedOn: '2026-03-14', filename: 'beach-04.jpg', mediaType: 'image/jpeg', kind: 'image', size: picture.length, monitors: [] }),
    ]);
    // Without a title, the file name is the title (as notices named the work before).
    const plain = await upload(owner, {}, [{ name: 'studio-01.jpg', bytes: picture, type: 'image/jpeg' }]);
    expect(plain.body[0]).toMatchObject({ title: 'studio-01.jpg', publishedOn: null });

    const list = await call(contract.listLibrary, { as: owner, params: { id: 'me' } });
    expect(list.body.map((r: { title: string }) => r.title)).toEqual(['studio-01.jpg', 'Beach set, photo 4']);
    // Another creator sees their own (empty) library and cannot read or add to the owner's.
    expect((await call(contract.listLibrary, { as: other, params: { id: 'me' } })).body).toEqual([]);
    expect([403, 404]).toContain((await call(contract.listLibrary, { as: other, params: { id: owner.userId } })).status);
    expect([403, 404]).toContain((await upload(other, {}, [{ name: 'x.jpg', bytes: picture, type: 'image/jpeg' }], owner.userId)).status);

    // Bad input: not a picture (415), no file, a title for several files, a bad or future date, a long title.
    const text = await upload(owner, {}, [{ name: 'notes.jpg', bytes: Buffer.from('not a picture'), type: 'image/jpeg' }]);
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('"notes.jpg" is not a JPG, PNG, MP4 or MOV file.');
    expect((await upload(owner, {}, [])).body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Choose at least one JPG, PNG, MP4 or MOV file.' });
    const two = [{ name: 'a.jpg', bytes: picture, type: 'image/jpeg' }, { name: 'b.jpg', bytes: picture, type: 'image/jpeg' }];
    expect((await upload(owner, { title: 'Both' }, two)).status).toBe(400);
    expect((await upload(owner, { publishedOn: '14/03/2026' }, two.slice(0, 1))).body.error).toBe('Enter the date as YYYY-MM-DD.');
    expect((await upload(owner, { publishedOn: '2999-01-01' }, two.slice(0, 1))).body.error).toBe('The date the work was published cannot be in the future.');
    expect((await upload(owner, { title: 'x'.repeat(201) }, two.slice(0, 1))).body.error).toBe('A title may be at most 200 characters.');
    // Nothing refused was stored.
    expect((await call(contract.listLibrary, { as: owner, params: { id: 'me' } })).body).toHaveLength(2);
  });

  it('lets only the owner change a title or date', async () => {
    const [file] = (await upload(owner, {}, [{ name: 'gym-02.jpg', bytes: picture, type: 'image/jpeg' }])).body;
    const change = { title: 'Gym series, 2', publishedOn: '2025-12-01' };
    expect((await call(contract.updateLibrary, { as: 'anonymous', params: { id: file.id }, body: change })).status).toBe(401);
    expect((await call(contract.updateLibrary, { as: other, params: { id: file.id }, body: change })).status).toBe(404);
    expect((await call(contract.updateLibrary, { as: owner, params: { id: file.id }, body: {} })).status).toBe(400);
    expect((await call(contract.updateLibrary, { as: owner, params: { id: file.id }, body: { title: '  ' } })).body.error).toBe('Enter a title for the work.');
    const ok = await call(contract.updateLibrary, { as: owner, params: { id: file.id }, body: change });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject(change);
    const cleared = await call(contract.updateLibrary, { as: owner, params: { id: file.id }, body: { publishedOn: null } });
    expect(cleared.body).toMatchObject({ title: 'Gym series, 2', publishedOn: null });
  });

  it('reuses a library file in a monitor, refuses its deletion while the monitor uses it, then deletes it from storage', async () => {
    const [file] = (await upload(owner, { title: 'Pool day' }, [{ name: 'pool.jpg', bytes: picture, type: 'image/jpeg' }])).body;
    const record = (await libraryStore.get(owner.userId, file.id))!;
    const fields = { userId: 'me', query: '', cadence: 'weekly', alerts: 'off', name: 'Pool watch', contentType: 'images', searchEngines: '["google"]' };

    // Another creator cannot use the owner's file (it is not in their library); a bad list is a 400.
    const stolen = await call(contract.createMonitor, { as: other, ...(await multipart({ ...fields, libraryReferences: JSON.stringify([file.id]) })) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toContain('not in your library');
    expect((await call(contract.createMonitor, { as: owner, ...(await multipart({ ...fields, libraryReferences: 'pool.jpg' })) })).status).toBe(400);
    const six = JSON.stringify([file.id, 'A1', 'A2', 'A3', 'A4', 'A5']);
    expect((await call(contract.createMonitor, { as: owner, ...(await multipart({ ...fields, libraryReferences: six })) })).body.error).toMatch(/at most 5 reference files/);

    // Chosen from the library, with no upload and no name: the monitor stores the library file's key.
    const created = await call(contract.createMonitor, { as: owner, ...(await multipart({ ...fields, libraryReferences: JSON.stringify([file.id]) })) });
    expect(created.status).toBe(201);
    expect(created.body.references).toEqual([{ id: file.id, filename: 'pool.jpg', mediaType: 'image/jpeg' }]);
    // A file uploaded with a monitor joins the library.
    const withUpload = await call(contract.createMonitor, {
      as: owner,
      ...(await multipart({ ...fields, name: 'Upload watch' }, [{ name: 'terrace.jpg', bytes: picture, type: 'image/jpeg' }])),
    });
    expect(withUpload.status).toBe(201);
    const library = (await call(contract.listLibrary, { as: owner, params: { id: 'me' } })).body as { id: string; title: string; monitors: { name: string }[] }[];
    expect(library.find((r) => r.title === 'terrace.jpg')?.monitors).toEqual([{ id: withUpload.body.id, name: 'Upload watch' }]);
    expect(library.find((r) => r.id === file.id)?.monitors).toEqual([{ id: created.body.id, name: 'Pool watch' }]);

    // In use: refused, naming the monitor; nothing deleted.
    expect((await call(contract.deleteLibrary, { as: 'anonymous', params: { id: file.id } })).status).toBe(401);
    expect((await call(contract.deleteLibrary, { as: other, params: { id: file.id } })).status).toBe(404);
    const inUse = await call(contract.deleteLibrary, { as: owner, params: { id: file.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'REFERENCE_IN_USE', error: '"Pool day" is used by the monitor "Pool watch": delete that monitor first, or keep the file.' });
    expect(await getObject('test-uploads', record.key)).toBeDefined();

    // Once the monitor is gone the file is deleted, its object too; a second deletion is a 404.
    expect((await call(contract.deleteMonitor, { as: owner, params: { id: created.body.id } })).status).toBe(204);
    expect((await call(contract.deleteLibrary, { as: owner, params: { id: file.id } })).status).toBe(204);
    expect(await getObject('test-uploads', record.key)).toBeUndefined();
    expect((await call(contract.deleteLibrary, { as: owner, params: { id: file.id } })).status).toBe(404);
  });

  it("describes the work in a notice by the library's title and date", async () => {
    const [file] = (await upload(owner, { title: 'Sunset series #3', publishedOn: '2026-01-20' }, [{ name: 'IMG_2231.jpg', bytes: picture, type: 'image/jpeg' }])).body;
    const record = (await libraryStore.get(owner.userId, file.id))!;
    const { resultId } = await reviewedResult(owner, aResult(1, { evidence: { seenAt: new Date().toISOString(), engines: ['google'], matchMethod: 'fingerprint', matchedReferenceId: file.id, distance: 6 } }), 'unauthorized', {
      references: [{ id: file.id, key: record.key, filename: 'IMG_2231.jpg', mediaType: 'image/jpeg' }],
    });
    const description = await describeCase((await results.get(resultId))!, undefined);
    expect(description).toContain('"Sunset series #3", a photograph, first published 2026-01-20');
    expect(description).not.toContain('IMG_2231');
  });

  it('puts the files uploaded before the library into it once, and deletes them through the shared reference deletion', async () => {
    const early = await user({ email: 'library-early@library.test', plan: 'pro' });
    const u = early.userId;
    const [r1, r2, r3, r4, m1] = [ulid(), ulid(), ulid(), ulid(), ulid()];
    const [monitorId, scanC] = [ulid(), ulid()];
    // As stored before the library: in each scan's and monitor's own folder. The same picture went with two scans;
    // the object of a third file is gone.
    const old = {
      r1: { id: r1, key: `references/${u}/01OLDSCANA/${r1}.jpg`, filename: 'beach.jpg', mediaType: 'image/jpeg' },
      r2: { id: r2, key: `references/${u}/01OLDSCANB/${r2}.jpg`, filename: 'beach.jpg', mediaType: 'image/jpeg' },
      r3: { id: r3, key: `references/${u}/01OLDSCANB/${r3}.png`, filename: 'gone.png', mediaType: 'image/png' },
      r4: { id: r4, key: `references/${u}/${scanC}/${r4}.jpg`, filename: 'studio.jpg', mediaType: 'image/jpeg' },
      m1: { id: m1, key: `references/${u}/monitors/${monitorId}/${m1}.jpg`, filename: 'terrace.jpg', mediaType: 'image/jpeg', kind: 'image' as const },
    };
    for (const ref of [old.r1, old.r2, old.r4, old.m1]) await putObject('test-uploads', ref.key, picture, 'image/jpeg');
    await scanWithResults(early, [aResult('early-1')], { references: [old.r1] });
    await scanWithResults(early, [aResult('early-2')], { references: [old.r2, old.r3] });
    await createSearch({ id: scanC, userId: u, query: 'Test Creator', searchEngines: ['google'], contentType: 'images', references: [old.r4] });
    await finishSearch(scanC, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
    await monitor(early, { id: monitorId, name: 'Old watch', references: [old.m1] });
    expect(await backfillStore.get(u)).toBeUndefined();

    const read = async () => (await call(contract.listLibrary, { as: early, params: { id: 'me' } })).body as { id: string; title: string; size: number; monitors: { name: string }[] }[];
    const first = await read();
    // One entry per file, keeping the reference's id (so the old scans' notices read the library's title).
    expect(first.map((r) => r.title).sort()).toEqual(['beach.jpg', 'studio.jpg', 'terrace.jpg']);
    expect([r1, r2]).toContain(first.find((r) => r.title === 'beach.jpg')!.id);
    expect(first.find((r) => r.title === 'terrace.jpg')).toMatchObject({ id: m1, size: picture.length, monitors: [{ id: monitorId, name: 'Old watch' }] });
    expect(await backfillStore.get(u)).toMatchObject({ added: 3, leftOut: 0 });
    // Once: a second read adds nothing.
    expect(await read()).toEqual(first);
    // Another creator's library is untouched.
    expect((await call(contract.listLibrary, { as: other, params: { id: 'me' } })).body.map((r: { title: string }) => r.title)).not.toContain('terrace.jpg');

    // A scan's file is deleted from its scan's folder (deleteReferenceObjects); the monitor's is in use.
    const beach = first.find((r) => r.title === 'beach.jpg')!;
    const beachKey = beach.id === r1 ? old.r1.key : old.r2.key;
    expect((await call(contract.deleteLibrary, { as: owner, params: { id: beach.id } })).status).toBe(404);
    expect((await call(contract.deleteLibrary, { as: early, params: { id: beach.id } })).status).toBe(204);
    expect(await getObject('test-uploads', beachKey)).toBeUndefined();
    expect((await call(contract.deleteLibrary, { as: early, params: { id: m1 } })).body).toMatchObject({ code: 'REFERENCE_IN_USE' });
    // Deleting a scan or a monitor deletes its folder, and the library forgets the file that lived there.
    expect((await call(contract.deleteSearch, { as: early, params: { id: scanC } })).status).toBe(204);
    expect(await getObject('test-uploads', old.r4.key)).toBeUndefined();
    expect((await read()).map((r) => r.title)).toEqual(['terrace.jpg']);
    expect((await call(contract.deleteMonitor, { as: early, params: { id: monitorId } })).status).toBe(204);
    expect(await getObject('test-uploads', old.m1.key)).toBeUndefined();
    expect(await read()).toEqual([]);
  });
});
