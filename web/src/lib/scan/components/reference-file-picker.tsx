import { FileImage, FileVideo, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { MAX_REFERENCE_FILES, MAX_REFERENCE_TOTAL_BYTES, REFERENCE_ACCEPT } from '@shared/references';
import { addReferenceFiles, formatBytes, type RefusedFile } from '../scan-start';
import { cn } from '@/lib/utils';

interface ReferenceFilePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Optional reference files for a scan (PRODUCT.md section 2): JPG, PNG, MP4 and MOV, several at once, chosen or dropped,
 * each removable on its own. Files the server would refuse are refused here with the reason.
 */
export function ReferenceFilePicker({ files, onChange, disabled }: ReferenceFilePickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [dragging, setDragging] = useState(false);

  const add = (incoming: File[]) => {
    const next = addReferenceFiles(files, incoming);
    setRefused(next.refused);
    if (next.files.length !== files.length) onChange(next.files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="grid grid-cols-1 gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Reference content <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-5 text-center transition-colors',
          dragging ? 'border-primary bg-accent' : 'bg-muted/30',
          disabled && 'opacity-60',
        )}
      >
        <Upload className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          Drop photos or videos of your content here, or{' '}
          <Button type="button" variant="link" className="h-auto p-0" disabled={disabled} onClick={() => input.current?.click()}>
            choose files
          </Button>
        </p>
        <p className="text-xs text-muted-foreground">
          JPG, PNG, MP4 or MOV · up to {MAX_REFERENCE_FILES} files, {formatBytes(MAX_REFERENCE_TOTAL_BYTES)} in all
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={REFERENCE_ACCEPT}
          disabled={disabled}
          // The visible "choose files" button is the keyboard path; the input stays out of the tab order.
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            // Choosing the same file again after removing it must fire change again.
            e.target.value = '';
          }}
        />
      </div>
      {refused.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm text-destructive">
          {refused.map((r) => (
            <li key={`${r.name}:${r.reason}`}>
              {r.name} {r.reason}.
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul aria-label="Chosen reference files" className="divide-y rounded-lg border bg-background">
          {files.map((file) => {
            const Icon = file.type.startsWith('video/') || /\.(mp4|mov)$/i.test(file.name) ? FileVideo : FileImage;
            return (
              <li key={`${file.name}:${file.size}:${file.lastModified}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  disabled={disabled}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setRefused([]);
                    onChange(files.filter((f) => f !== file));
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
