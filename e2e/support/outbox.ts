import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_OUTBOX } from '../../playwright.config';

export interface OutboxMail {
  raw: string;
  text: string;
}

/**
 * The messages the e2e servers wrote to the outbox since `since` (ms) whose text (parsed: bodies are
 * quoted-printable, so long URLs are folded in the raw message) contains `needle`. Journeys run side by side and
 * share one outbox, so a journey looks for its own mail, never at a count of all of it.
 */
export async function outboxMailsWith(needle: string, since: number): Promise<OutboxMail[]> {
  if (!existsSync(E2E_OUTBOX)) return [];
  const raws = readdirSync(E2E_OUTBOX)
    .filter((f) => f.endsWith('.eml') && statSync(join(E2E_OUTBOX, f)).mtimeMs >= since)
    .map((f) => readFileSync(join(E2E_OUTBOX, f), 'utf8'));
  const parsed = await Promise.all(raws.map(async (raw) => ({ raw, text: (await simpleParser(raw)).text ?? '' })));
  return parsed.filter((m) => m.text.includes(needle));
}
