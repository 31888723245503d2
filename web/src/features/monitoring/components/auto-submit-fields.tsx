import { useId } from 'react';
import { Link } from 'react-router';
import { planRule } from '@shared/plans';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The "Submit automatically" setting of a monitor (issue 11): paid plans only (disabled with an upgrade link on
 * the trial), and the original URL the automatic notices cite, asked for while it is on.
 */
export function AutoSubmitFields(props: {
  plan: string | null | undefined;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
  originalUrl: string;
  onOriginalUrlChange: (url: string) => void;
}) {
  const id = useId();
  const allowed = planRule(props.plan).automatedSubmission;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Automatic takedown</legend>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-auto`}
          checked={allowed && props.checked}
          disabled={!allowed}
          aria-describedby={`${id}-auto-hint`}
          onCheckedChange={(on) => props.onCheckedChange(on === true)}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-auto`} className="font-normal">
            Submit automatically
          </Label>
          <p id={`${id}-auto-hint`} className="text-xs text-muted-foreground">
            New copies that match your reference pictures (not a name alone), with high priority and on no allowlisted site, become cases and are
            sent within your plan’s allowance. Everything else waits for your review.
            {!allowed && (
              <>
                {' '}Available on paid plans.{' '}
                {/* Underlined, not told apart by colour alone inside the sentence (axe link-in-text-block). */}
                <Link to="/account" className="text-primary underline underline-offset-4">
                  Upgrade
                </Link>
              </>
            )}
          </p>
        </div>
      </div>
      {allowed && props.checked && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-url`}>Original URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            required
            placeholder="https://your-site.example/gallery"
            aria-describedby={`${id}-url-hint`}
            value={props.originalUrl}
            onChange={(e) => props.onOriginalUrlChange(e.target.value)}
          />
          <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
            Where you publish this content: every automatic notice cites it, and copies on that site are never reported.
          </p>
        </div>
      )}
    </fieldset>
  );
}
