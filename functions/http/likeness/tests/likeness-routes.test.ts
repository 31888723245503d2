import sharp from 'sharp';
import { contract } from '../../../../shared/contract';
import { LIKENESS_CONSENT_VERSION } from '../../../../shared/schemas/likeness';
import * as likenessStore from '../../../store/entities/likeness';
import { enrolledFaces } from '../../../services/likeness/status';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, type TestUser } from '../../../../test/fixtures';
import { cutFace, dataUrl, demoPhoto, photosOfOnePerson, SAMPLE1_FACES } from '../../../../test/faces';

/*
 * Likeness matching, opt-in (issue 24): consent, enrolment (three photos of one face, detected and checked; the
 * crops confirmed; only embeddings and crops kept) and revocation, for the owner, anonymous callers, another user,
 * an administrator and bad input. Face detection runs for real (face-api, loaded once for the file).
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let person: Buffer[];
let stranger: Buffer;
beforeAll(async () => {
  h = await startHarness();
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
  const group = demoPhoto(1);
  person = await photosOfOnePerson(await cutFace(group, SAMPLE1_FACES[0]!));
  stranger = await cutFace(group, SAMPLE1_FACES[1]!);
}, 60_000);
afterAll(() => h.close());

const status = (who: TestUser | undefined, id = 'me') => call(contract.getLikeness, { as: who, params: { id } });
const consent = (who: TestUser | undefined, body: unknown = { agree: true, textVersion: LIKENESS_CONSENT_VERSION }, id = 'me') =>
  call(contract.consentLikeness, { as: who, params: { id }, body });
const photo = (who: TestUser | undefined, jpeg: Buffer | string, id = 'me') =>
  call(contract.addLikenessPhoto, { as: who, params: { id }, body: { photo: typeof jpeg === 'string' ? jpeg : dataUrl(jpeg) } });
const confirm = (who: TestUser | undefined, faceIds: string[], id = 'me') => call(contract.confirmLikeness, { as: who, params: { id }, body: { faceIds } });
const revoke = (who: TestUser | undefined, id = 'me') => call(contract.revokeLikeness, { as: who, params: { id } });

describe('likeness consent', () => {
  it('is off until the creator consents; anonymous callers get 401 on every route and nothing is stored', async () => {
    expect((await status(owner)).body).toEqual({ state: 'off', faces: [] });
    expect((await status(undefined)).status).toBe(401);
    expect((await consent(undefined, undefined, owner.userId)).status).toBe(401);
    expect((await photo(undefined, person[0]!, owner.userId)).status).toBe(401);
    expect((await revoke(undefined, owner.userId)).status).toBe(401);
    expect(await likenessStore.get(owner.userId)).toBeUndefined();
  });

  it('refuses a consent without the tick or for another text version with 400, naming the field', async () => {
    const u = await session();
    const unticked = await consent(u, { agree: false, textVersion: LIKENESS_CONSENT_VERSION });
    expect(unticked.status).toBe(400);
    expect(unticked.body.fields).toEqual([expect.objectContaining({ path: 'body.agree' })]);
    const old = await consent(u, { agree: true, textVersion: 99 });
    expect(old.status).toBe(400);
    expect(old.body.fields).toEqual([expect.objectContaining({ path: 'body.textVersion' })]);
    expect(await likenessStore.get(u.userId)).toBeUndefined();
  });

  it('stores the consent with its date and text version', async () => {
    const res = await consent(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'enrolling', consent: { at: expect.any(String), textVersion: LIKENESS_CONSENT_VERSION }, faces: [] });
    expect((await likenessStore.get(owner.userId))?.consent.textVersion).toBe(LIKENESS_CONSENT_VERSION);
  });

  it("refuses another user and an administrator with 403, and never shows them the creator's faces", async () => {
    for (const who of [other, admin]) {
      for (const res of [await status(who, owner.userId), await consent(who, undefined, owner.userId), await photo(who, person[0]!, owner.userId), await revoke(who, owner.userId)]) {
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('data:image');
      }
    }
    expect((await status(other)).body.state).toBe('off');
    expect((await likenessStore.get(owner.userId))?.faces).toEqual([]);
  });
});

describe('likeness enrolment', () => {
  it('refuses a photo before consent with 409', async () => {
    const u = await session();
    const res = await photo(u, person[0]!);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LIKENESS_OFF');
  });

  it('refuses bad photos with a 4xx naming what is wrong, and stores nothing', async () => {
    const noFace = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a9' } }).jpeg().toBuffer();
    const tiny = await sharp(person[0]!).resize(140).jpeg().toBuffer();
    const cases: [Buffer | string, number, RegExp][] = [
      ['data:text/html;base64,PGh0bWw+', 400, /JPG or PNG/],
      [`data:image/jpeg;base64,${Buffer.from('<html>').toString('base64')}`, 415, /not a JPG/],
      [noFace, 400, /No face was found/],
      [demoPhoto(1), 400, /shows 3 faces/],
      [tiny, 400, /too small/],
    ];
    for (const [body, code, message] of cases) {
      const res = await photo(owner, body);
      expect([res.status, res.body.error]).toEqual([code, expect.stringMatching(message)]);
    }
    expect((await likenessStore.get(owner.userId))?.faces).toEqual([]);
  }, 60_000);

  it('keeps an embedding and a crop per accepted photo, unconfirmed; only confirmed faces are compared', async () => {
    const ids: string[] = [];
    for (const p of person) {
      const res = await photo(owner, p);
      expect(res.status).toBe(201);
      expect(res.body.added).toEqual({ id: expect.any(String), crop: expect.stringMatching(/^data:image\/jpeg;base64,/), score: expect.any(Number), addedAt: expect.any(String), confirmed: false });
      ids.push(res.body.added.id);
    }
    const stored = (await likenessStore.get(owner.userId))!;
    expect(stored.faces.map((f) => f.descriptor.length)).toEqual([128, 128, 128]);
    // The photo itself is not kept: a crop is a small JPEG of the face only.
    for (const f of stored.faces) expect(Buffer.from(f.crop, 'base64').length).toBeLessThan(person[0]!.length);
    expect(await enrolledFaces(owner.userId)).toEqual([]);
    expect((await status(owner)).body).not.toHaveProperty('faces.0.descriptor');

    const tooFew = await confirm(owner, ids.slice(0, 2));
    expect(tooFew.status).toBe(400);
    const unknown = await confirm(owner, [...ids.slice(0, 2), '01JD0000000000000000000000']);
    expect([unknown.status, unknown.body.error]).toEqual([400, expect.stringMatching(/Unknown face id/)]);

    const res = await confirm(owner, ids);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'on', enrolledAt: expect.any(String) });
    expect(res.body.faces.every((f: { confirmed: boolean }) => f.confirmed)).toBe(true);
    expect((await enrolledFaces(owner.userId)).map((f) => f.id)).toEqual(ids);
  }, 90_000);

  it('refuses to enrol faces that are not one person', async () => {
    const u = await session();
    await consent(u);
    const ids: string[] = [];
    for (const p of [person[0]!, person[1]!, stranger]) ids.push((await photo(u, p)).body.added.id);
    const res = await confirm(u, ids);
    expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/not all look like one person \(photo 3\)/)]);
    expect(await enrolledFaces(u.userId)).toEqual([]);
  }, 60_000);
});

describe('likeness revocation', () => {
  it('deletes the consent and every face at once; scans no longer compare', async () => {
    expect((await enrolledFaces(owner.userId)).length).toBe(3);
    const res = await revoke(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'off', faces: [] });
    expect(await likenessStore.get(owner.userId)).toBeUndefined();
    expect(await enrolledFaces(owner.userId)).toEqual([]);
    expect((await revoke(owner)).status).toBe(200);
  });
});
