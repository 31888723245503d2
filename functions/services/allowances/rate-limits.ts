import { TooManyRequestsError } from '../../lib/errors';
import { takeRateToken, type RateLimit } from '../metrics/rate-limit';

/** Help assistant messages: 30 an hour per user (issue 10), a fixed window aligned to the hour. */
export const CHAT_LIMIT: RateLimit = { name: 'chat', max: 30, windowSeconds: 3600 };

/** Seconds until the window of `now` ends: the Retry-After of a refusal. */
export const secondsLeftInWindow = (limit: RateLimit, now: Date) => limit.windowSeconds - (Math.floor(now.getTime() / 1000) % limit.windowSeconds);

/** Takes one chat message of the user's hour, or throws 429 with Retry-After. */
export async function takeChatMessage(userId: string, now = new Date()): Promise<void> {
  if (await takeRateToken(CHAT_LIMIT, userId, now)) return;
  throw new TooManyRequestsError(
    `You have sent ${CHAT_LIMIT.max} messages to the assistant this hour. Please try again later, or use the contact form.`,
    secondsLeftInWindow(CHAT_LIMIT, now),
  );
}
