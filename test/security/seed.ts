import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../local/server';
import { last, TestBrowser } from '../../local/tests/support/browser';
import { aResult, allowlistEntry, monitor, openCase, reviewedResult } from '../fixtures';
import { ulid } from 'ulid';
import * as library from '../../functions/store/entities/library-reference';

/**
 * The security suites' world: one local runtime (real gateway, IdP, dynalite, s3rver) with three people signed
 * in through the IdP (an owner, another user, an admin) and the owner's data of every kind, seeded with the
 * shared fixtures (test/fixtures.ts). Every seeded text carries MARKER, so a response that shows any of it to
 * someone else is a leak.
 */
export const MARKER = 'ownersecretmarker';

export interface Role {
  name: 'anonymous' | 'owner' | 'other' | 'admin';
  browser: TestBrowser;
  userId?: string;
}

export interface Seed {
  owner: { userId: string; email: string };
  searchId: string;
  resultId: string;
  caseId: string;
  caseNumber: string;
  allowlistId: string;
  monitorId: string;
  libraryId: string;
  /** Every value that must never reach another user. */
  secrets: string[];
}

export interface World {
  app: RunningServer;
  roles: Record<Role['name'], Role>;
  seed: Seed;
}

async function signIn(app: RunningServer, email: string): Promise<TestBrowser> {
  const b = new TestBrowser(app.url);
  const login = last(await b.navigate('/api/login'));
  const hops = await b.submitForm(login, { email, password: 'a long password' });
  if (last(hops).url !== `${app.url}/`) throw new Error(`sign-in of ${email} failed: ${last(hops).status}`);
  return b;
}

export async function startWorld(): Promise<World> {
  const webDir = mkdtempSync(join(tmpdir(), 'vigil-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Vigil</title><div id="root"></div>');
  const app = await startServer({ port: 0, inMemory: true, webDir, adminEmails: ['admin@security.test'], env: { LOG_LEVEL: 'SILENT' } });
  const [ownerB, otherB, adminB] = await Promise.all(
    ['owner@security.test', 'other@security.test', 'admin@security.test'].map((e) => signIn(app, e)),
  );
  const idOf = async (b: TestBrowser) => (await b.json('/api/auth/user')).body.id as string;
  const [ownerId, otherId, adminId] = await Promise.all([idOf(ownerB), idOf(otherB), idOf(adminB)]);

  const url = `https://copies-${MARKER}.example/gallery/1`;
  const { searchId, resultId } = await reviewedResult(
    { userId: ownerId },
    aResult(1, {
      url,
      domain: `copies-${MARKER}.example`,
      title: `Copy ${MARKER}`,
      platform: 'Copies',
      source: 'sandbox',
      description: MARKER,
      instances: 1,
      confidence: 90,
      similarityScore: 0.9,
      confidenceScore: 0.9,
      evidence: { seenAt: new Date().toISOString(), engines: ['google'] },
    }),
    'unauthorized',
    { query: `Creator ${MARKER}` },
  );
  const record = await openCase({ userId: ownerId }, {
    searchResultId: resultId,
    infringingUrl: url,
    description: `My photo ${MARKER}`,
    searchEngine: 'google',
  });
  const allow = await allowlistEntry({ userId: ownerId }, `partner-${MARKER}.example`);
  const watch = await monitor({ userId: ownerId }, { name: `Watch ${MARKER}`, names: [`Creator ${MARKER}`] });
  const libraryId = ulid();
  await library.create({
    id: libraryId,
    userId: ownerId,
    key: `references/${ownerId}/library/${libraryId}.jpg`,
    filename: `work-${MARKER}.jpg`,
    mediaType: 'image/jpeg',
    kind: 'image',
    size: 1,
    title: `Work ${MARKER}`,
    publishedOn: null,
    createdAt: new Date().toISOString(),
  });

  return {
    app,
    roles: {
      anonymous: { name: 'anonymous', browser: new TestBrowser(app.url) },
      owner: { name: 'owner', browser: ownerB, userId: ownerId },
      other: { name: 'other', browser: otherB, userId: otherId },
      admin: { name: 'admin', browser: adminB, userId: adminId },
    },
    seed: {
      owner: { userId: ownerId, email: 'owner@security.test' },
      searchId: searchId,
      resultId,
      caseId: record.id,
      caseNumber: record.caseNumber,
      allowlistId: allow.id,
      monitorId: watch.id,
      libraryId,
      secrets: [MARKER, searchId, resultId, record.id, record.caseNumber, allow.id, watch.id, 'owner@security.test'],
    },
  };
}
