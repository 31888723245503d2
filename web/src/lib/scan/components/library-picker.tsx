import { FileImage, FileVideo } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { useLibrary } from '@/lib/references/get-library';
import { MAX_REFERENCE_FILES } from '@shared/references';

interface LibraryPickerProps {
  /** Library file ids chosen. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** How many files are uploaded with the request (the cap is for both together). */
  uploads: number;
  disabled?: boolean;
}

/**
 * Files of the creator's reference library (issue 26) to reuse in a scan or monitor instead of uploading them
 * again. Files uploaded with a scan or monitor join the library; Settings > Reference library gives them a
 * title and a date. Nothing is shown while the library is empty.
 */
export function LibraryPicker({ value, onChange, uploads, disabled }: LibraryPickerProps) {
  const { data } = useLibrary();
  const groupId = useId();
  if (!data || data.length === 0) return null;
  const full = value.length + uploads >= MAX_REFERENCE_FILES;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${groupId}-help`}>
      <legend className="text-sm font-medium">From your reference library</legend>
      <p id={`${groupId}-help`} className="text-xs text-muted-foreground">
        Choose files you uploaded before (up to {MAX_REFERENCE_FILES} files with uploads). Titles and dates are set in{' '}
        <Link to="/settings?tab=library" className="underline underline-offset-2">
          Settings
        </Link>
        .
      </p>
      <ul className="max-h-48 divide-y overflow-y-auto rounded-lg border bg-background" aria-label="Reference library">
        {data.map((file) => {
          const checked = value.includes(file.id);
          const Icon = file.kind === 'video' ? FileVideo : FileImage;
          const id = `${groupId}-${file.id}`;
          return (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <Checkbox
                id={id}
                checked={checked}
                disabled={disabled || (!checked && full)}
                onCheckedChange={(on) => onChange(on === true ? [...value, file.id] : value.filter((v) => v !== file.id))}
              />
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <label htmlFor={id} className="min-w-0 flex-1 truncate" title={`${file.title} (${file.filename})`}>
                {file.title}
                <span className="text-muted-foreground">{file.publishedOn ? ` · published ${file.publishedOn}` : ''}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
