/*
 * Lets any screen open the assistant chat (the Help page's "live chat" card) without importing the chat feature:
 * features never import one another, so they meet through a DOM event named here.
 */

/** The window event the chat widget listens for. */
export const OPEN_CHAT_EVENT = 'vigil:open-chat';

/** Opens the assistant chat widget of the signed-in shell. */
export function openChat(): void {
  window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
}
