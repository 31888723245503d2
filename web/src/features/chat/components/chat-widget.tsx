import { MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { OPEN_CHAT_EVENT } from '@/lib/chat-events';
import { useChat } from '../hooks/use-chat';
import { ChatPanel } from './chat-panel';

/**
 * The floating assistant chat of the signed-in pages (PRODUCT.md section 2, "Chat widget"): a round button at the bottom
 * right that opens a 384px-wide panel, which can be minimised or closed. The conversation lives here, so it
 * survives route changes and closing the panel; each request names the page the creator is on.
 */
export function ChatWidget() {
  const { pathname } = useLocation();
  const chat = useChat(pathname);
  const { loadSuggestions } = chat;
  const [open, setOpen] = useState(false);
  const [minimized, setMinimized] = useState(false);

  // Mirrors `open` for the event listener, which must not fetch twice when the panel is already open.
  const openRef = useRef(false);

  const openPanel = useCallback(() => {
    // Suggestions are fetched on opening (PRODUCT.md section 2), for the page the creator is on now.
    if (!openRef.current) loadSuggestions();
    openRef.current = true;
    setOpen(true);
    setMinimized(false);
  }, [loadSuggestions]);

  useEffect(() => {
    window.addEventListener(OPEN_CHAT_EVENT, openPanel);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, openPanel);
  }, [openPanel]);

  if (!open) {
    return (
      <Button
        type="button"
        onClick={openPanel}
        aria-label="Open chat assistant"
        className="fixed right-4 bottom-4 z-40 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6"
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </Button>
    );
  }

  return (
    <ChatPanel
      chat={chat}
      minimized={minimized}
      onMinimize={() => setMinimized(true)}
      onExpand={() => setMinimized(false)}
      onClose={() => {
        openRef.current = false;
        setOpen(false);
        setMinimized(false);
      }}
    />
  );
}
