/** The most notices one grouped message carries (issue 23); a recipient with more copies in a batch gets several messages. */
export const MAX_NOTICES_PER_MESSAGE = 20;
