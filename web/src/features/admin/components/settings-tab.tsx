import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ADMIN_SETTINGS } from '../data/static-figures';

/** Settings: Maintenance Mode, Rate Limiting and Pricing Updates, each with a Configure button that does nothing. */
export function SettingsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Platform Settings</h2>
        </CardTitle>
        <CardDescription>Business-wide configuration</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {ADMIN_SETTINGS.map(({ title, description }) => (
            <li key={title} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h3 className="font-medium">{title}</h3>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
              <Button type="button" variant="outline" size="sm" aria-label={`Configure ${title}`}>
                Configure
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
