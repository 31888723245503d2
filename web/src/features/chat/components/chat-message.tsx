import { cn } from '@/lib/utils';
import type { ChatMessage } from '../lib/chat-messages';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** One message: the creator's on the right in the accent colour, the assistant's on the left. */
export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <div className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')} data-role={message.role}>
      <p
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm shadow-xs',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-background',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Assistant: '}</span>
        {message.content}
      </p>
      <time className="px-1 text-[11px] text-muted-foreground" dateTime={message.timestamp.toISOString()}>
        {timeFormat.format(message.timestamp)}
      </time>
    </div>
  );
}

/** Three bouncing dots while the assistant's reply is pending. */
export function TypingIndicator() {
  return (
    <div role="status" aria-label="Assistant is typing" className="flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm bg-background px-3 py-3 shadow-xs">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}
