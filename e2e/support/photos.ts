import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * One of the sandbox's demo originals, made this journey's own: the same picture with a JPEG comment (a COM
 * segment after the start-of-image marker) naming the journey, so its bytes and SHA-256 differ. The sandbox plants
 * copies per uploaded file's hash, so journeys running side by side (two Playwright workers) each get their own
 * planted copies and never see, or take down, each other's.
 */
export async function demoPhoto(request: APIRequestContext, n: number): Promise<Buffer> {
  const res = await request.get(`/sandbox/demo/originals/${n}.jpg`);
  expect(res.ok()).toBe(true);
  return journeysOwn(await res.body());
}

/** One of the sandbox's photos of the demo creator's face (`/sandbox/demo/faces/<n>.jpg`, n = 1..3), to enrol for likeness. */
export async function demoFacePhoto(request: APIRequestContext, n: number): Promise<Buffer> {
  const res = await request.get(`/sandbox/demo/faces/${n}.jpg`);
  expect(res.ok()).toBe(true);
  return journeysOwn(await res.body());
}

/** The same JPEG with a comment naming the journey: other bytes and SHA-256, the same pixels. */
function journeysOwn(jpeg: Buffer): Buffer {
  const comment = Buffer.from(`vigil-e2e ${randomUUID()}`, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2); // the length counts its own two bytes
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}
