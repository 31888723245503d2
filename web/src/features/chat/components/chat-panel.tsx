import { Bot, Maximize2, Minus, Send, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_MESSAGE_CHARS } from '@shared/help/chat';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { useChat } from '../hooks/use-chat';
import { ChatMessageBubble, TypingIndicator } from './chat-message';

interface ChatPanelProps {
  chat: ReturnType<typeof useChat>;
  minimized: boolean;
  onMinimize: () => void;
  onExpand: () => void;
  onClose: () => void;
}

/** The open chat panel: header with minimise and close, the conversation, suggestions and the message input. */
export function ChatPanel({ chat, minimized, onMinimize, onExpand, onClose }: ChatPanelProps) {
  const { messages, suggestions, pending, send } = chat;
  const [input, setInput] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!minimized) inputRef.current?.focus();
  }, [minimized]);

  // Keep the newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, pending, suggestions, minimized]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send(input)) setInput('');
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      className={cn(
        'fixed right-4 bottom-4 z-50 flex w-[384px] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-2xl sm:right-6 sm:bottom-6',
        minimized ? 'h-auto' : 'h-[32rem] max-h-[calc(100svh-6rem)]',
      )}
    >
      <header className="flex items-center gap-3 border-b bg-primary px-4 py-3 text-primary-foreground">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
          <Bot className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="chat-title" className="truncate text-sm font-semibold">
            Vigil Assistant
          </h2>
          <p className="truncate text-xs text-primary-foreground/80">Content protection & DMCA help</p>
        </div>
        {minimized ? (
          <Button type="button" variant="ghost" size="icon" onClick={onExpand} aria-label="Expand chat" className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground">
            <Maximize2 aria-hidden="true" />
          </Button>
        ) : (
          <Button type="button" variant="ghost" size="icon" onClick={onMinimize} aria-label="Minimize chat" className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground">
            <Minus aria-hidden="true" />
          </Button>
        )}
        <Button type="button" variant="ghost" size="icon" onClick={onClose} aria-label="Close chat" className="size-8 text-primary-foreground hover:bg-primary-foreground/15 hover:text-primary-foreground">
          <X aria-hidden="true" />
        </Button>
      </header>

      {!minimized && (
        <>
          <div ref={listRef} className="flex-1 space-y-3 overflow-y-auto bg-muted/30 px-4 py-4" aria-live="polite" aria-label="Conversation" role="log">
            {messages.length === 0 && (
              <p className="rounded-lg bg-background px-3 py-2 text-sm text-muted-foreground shadow-xs">
                Hi! I'm Vigil's assistant. Ask me about protecting your content, DMCA takedowns or how to use the platform.
              </p>
            )}
            {messages.map((message) => (
              <ChatMessageBubble key={message.id} message={message} />
            ))}
            {pending && <TypingIndicator />}
            {suggestions.length > 0 && !pending && (
              <div className="space-y-1.5 pt-1">
                <p className="text-xs font-medium text-muted-foreground">Suggested questions</p>
                <ul className="flex flex-col items-start gap-1.5" aria-label="Suggested questions">
                  {suggestions.map((suggestion) => (
                    <li key={suggestion} className="max-w-full">
                      <button
                        type="button"
                        onClick={() => send(suggestion)}
                        className="max-w-full rounded-full border border-primary/30 bg-background px-3 py-1 text-left text-xs text-primary transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      >
                        {suggestion}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <form onSubmit={submit} className="flex items-center gap-2 border-t bg-background p-3">
            <Input
              ref={inputRef}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              maxLength={MAX_MESSAGE_CHARS}
              placeholder="Ask about content protection..."
              aria-label="Message"
              aria-describedby="chat-message-count"
              autoComplete="off"
            />
            <Button type="submit" size="icon" aria-label="Send message" className="shrink-0">
              <Send aria-hidden="true" />
            </Button>
          </form>
          <CharCount id="chat-message-count" length={input.length} max={MAX_MESSAGE_CHARS} className="bg-background px-3 pb-2" />
        </>
      )}
    </section>
  );
}
