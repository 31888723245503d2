import { useCallback, useRef, useState } from 'react';
import { sendFeatureUse } from '@/lib/page-views';
import { askAssistant, fetchSuggestions } from '../api/chat';
import { CHAT_FAILURE_REPLY, historyForRequest, makeMessage, sendableText, type ChatMessage } from '../lib/chat-messages';

/**
 * The conversation of the chat widget: messages, the suggestions on offer and whether a reply is pending.
 * `send` ignores what PRODUCT.md section 4 says to ignore; a failed call becomes the apology of PRODUCT.md section 8.
 */
export function useChat(page: string) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  // State lags one render behind; the ref makes a second send in the same tick see the pending reply.
  const pendingRef = useRef(false);
  const messagesRef = useRef<ChatMessage[]>([]);

  const append = useCallback((message: ChatMessage) => {
    messagesRef.current = [...messagesRef.current, message];
    setMessages(messagesRef.current);
  }, []);

  /** Sends `input`; returns whether it was sent (the caller clears its input only then). */
  const send = useCallback(
    (input: string): boolean => {
      const text = sendableText(input, pendingRef.current);
      if (text === null) return false;
      const history = historyForRequest(messagesRef.current);
      append(makeMessage('user', text));
      sendFeatureUse('chat');
      pendingRef.current = true;
      setPending(true);
      askAssistant({ message: text, context: { page, conversationHistory: history } })
        .then((reply) => {
          append(makeMessage('assistant', reply.reply));
          setSuggestions(reply.suggestions);
        })
        .catch((error: unknown) => {
          console.error('Chat request failed', error);
          append(makeMessage('assistant', CHAT_FAILURE_REPLY));
        })
        .finally(() => {
          pendingRef.current = false;
          setPending(false);
        });
      return true;
    },
    [append, page],
  );

  /** Fetches the page's opening suggestions; a failure is logged only (PRODUCT.md section 8). */
  const loadSuggestions = useCallback(() => {
    fetchSuggestions(page)
      .then(setSuggestions)
      .catch((error: unknown) => console.error('Could not load chat suggestions', error));
  }, [page]);

  return { messages, suggestions, pending, send, loadSuggestions };
}
