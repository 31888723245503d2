import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { LOGIN_PATH } from '@/lib/auth';

/** The footer of the public pages. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-3">
          <Logo />
          <p className="text-sm text-muted-foreground">
            Vigil finds unauthorized copies of creators' content and files DMCA takedown notices under our own identity, so
            you stay anonymous.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-2 text-sm">
          <p className="col-span-2 mb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">Product</p>
          <Link to="/" className="text-muted-foreground hover:text-foreground">
            Home
          </Link>
          <Link to="/pricing" className="text-muted-foreground hover:text-foreground">
            Pricing
          </Link>
          <a href={LOGIN_PATH} className="text-muted-foreground hover:text-foreground">
            Sign In
          </a>
          <Link to="/test-signup" className="text-muted-foreground hover:text-foreground">
            Test account
          </Link>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Vigil. DMCA notices are filed under 17 U.S.C. § 512.
        </p>
      </div>
    </footer>
  );
}
